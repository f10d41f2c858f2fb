import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { eventStreamName } from '@sv/contracts';
import { TEST_NATS_URL, apiClient, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/*
 * Shared set-up of the credits, rights and localizations tests: one platform per test file, with
 * two tenants. Tenant A has an owner key, two artists (nova, luna) and an artist key for each;
 * tenant B has an owner key and an artist key, for isolation.
 */

export type Api = ReturnType<typeof apiClient>;

export interface CreditsWorld {
  platform: TestPlatform;
  db: pg.Client;
  a: { owner: Api; nova: Api; luna: Api; novaId: string; lunaId: string };
  b: { owner: Api; artist: Api; artistId: string };
  stop(): Promise<void>;
}

export const suffix = (): string => randomBytes(3).toString('hex');

export const startCreditsWorld = async (): Promise<CreditsWorld> => {
  const platform = await startPlatform();
  const adminOk = async (...args: string[]): Promise<Record<string, any>> => {
    const result = await platform.admin(...args);
    if (result.code !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}`);
    return result.json;
  };
  const keyOf = async (tenant: string, role: string, ...extra: string[]): Promise<Api> =>
    apiClient(platform.baseUrl, String((await adminOk('key', 'create', '--tenant', tenant, '--role', role, ...extra)).key));
  const artistOf = async (tenant: string, slug: string): Promise<string> =>
    String((await adminOk('artist', 'create', '--tenant', tenant, '--name', slug, '--slug', slug)).artist.uuid);

  await Promise.all([
    adminOk('tenant', 'create', '--slug', 'cr-a', '--name', 'Label A'),
    adminOk('tenant', 'create', '--slug', 'cr-b', '--name', 'Label B'),
  ]);
  const [novaId, lunaId, bArtistId] = await Promise.all([artistOf('cr-a', 'nova'), artistOf('cr-a', 'luna'), artistOf('cr-b', 'bee')]);
  const [aOwner, nova, luna, bOwner, bArtist] = await Promise.all([
    keyOf('cr-a', 'owner'),
    keyOf('cr-a', 'artist', '--artist', novaId),
    keyOf('cr-a', 'artist', '--artist', lunaId),
    keyOf('cr-b', 'owner'),
    keyOf('cr-b', 'artist', '--artist', bArtistId),
  ]);
  const db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
  return {
    platform,
    db,
    a: { owner: aOwner, nova, luna, novaId, lunaId },
    b: { owner: bOwner, artist: bArtist, artistId: bArtistId },
    async stop() {
      await db.end();
      await platform.stop();
      // The catalogue created this run's event stream; nothing reads it any more.
      const nc = await connect({ servers: TEST_NATS_URL });
      await (await jetstreamManager(nc)).streams.delete(eventStreamName(platform.subjectPrefix)).catch(() => false);
      await nc.close();
    },
  };
};

const expectStatus = (response: ApiResponse, status: number, what: string): void => {
  if (response.status !== status) throw new Error(`${what} failed: ${response.status} ${response.text}`);
};

/** A draft release made by an artist key, through the API. */
export const createRelease = async (api: Api, title = `Release ${suffix()}`): Promise<string> => {
  const response = await api('/v1/releases', {
    method: 'POST',
    body: { title, type: 'single', release_date: '2026-06-01', genre: 'Electronic' },
  });
  expectStatus(response, 201, 'release create');
  return String(response.body.release.uuid);
};

/** A track of a draft release, through the API. */
export const createTrack = async (api: Api, releaseId: string, position = 1): Promise<string> => {
  const response = await api(`/v1/releases/${releaseId}/tracks`, {
    method: 'POST',
    body: { title: `Track ${position}`, position, explicit: false },
  });
  expectStatus(response, 201, 'track create');
  return String(response.body.track.uuid);
};

/**
 * Moves a release to a review or delivery state. Getting there through the API needs store
 * selection and QC, which these tests are not about; the state is only their precondition.
 */
export const setReleaseStatus = async (db: pg.Client, releaseId: string, status: string): Promise<void> => {
  await db.query(`update "catalogue"."release" set "status" = $2 where "id" = $1`, [releaseId, status]);
};

/** The outbox events of a type whose data names `id` under `field`, oldest first. */
export const eventsNaming = async (db: pg.Client, type: string, field: string, id: string): Promise<Record<string, any>[]> =>
  (
    await db.query<{ data: Record<string, any> }>(
      `select "envelope"->'data' as "data" from "catalogue"."outbox_event"
        where "type" = $1 and "envelope"->'data'->>$2 = $3 order by "created_at", "id"`,
      [type, field, id],
    )
  ).rows.map((row) => row.data);

export const expectValidation = (response: ApiResponse, fields: string[]): void => {
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 422, body: { success: false, error: 'Validation failed' } });
  expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
};

export const expectError = (response: ApiResponse, status: number, error: string): void => {
  expect({ status: response.status, body: response.body }).toEqual({ status, body: { success: false, error } });
};
