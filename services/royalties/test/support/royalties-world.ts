import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';

export { freePort } from '@sv/testing';

export type Api = ReturnType<typeof apiClient>;

/** A release of the world's artist, with the identifiers a store's report carries. */
export interface SeededRelease {
  id: string;
  title: string;
  upc: string;
  tracks: { id: string; title: string; isrc: string }[];
}

/**
 * The world of the royalties tests: the gateway, catalogue and royalties as real processes; tenant A
 * with an owner key, a team key and two artists each with its own key; tenant B with an owner key and
 * an artist key (for isolation).
 */
export interface RoyaltiesWorld {
  platform: TestPlatform;
  a: { owner: Api; team: Api; artist: Api; otherArtist: Api; artistId: string; otherArtistId: string };
  b: { owner: Api; artist: Api; artistId: string };
}

let counter = 0;
/** A unique suffix for titles, so tests of one file never collide. */
export const suffix = (): string => `${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

const expectStatus = (response: { status: number; text: string }, status: number, what: string): void => {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
};

export const startRoyaltiesWorld = async (env: Record<string, string> = {}): Promise<RoyaltiesWorld> => {
  const platform = await startPlatform({ royalties: true, env });
  try {
    await platform.adminOk('tenant', 'create', '--slug', 'roy-a', '--name', 'Royalties A');
    await platform.adminOk('tenant', 'create', '--slug', 'roy-b', '--name', 'Royalties B');
    const artist = async (tenant: string, name: string, slug: string) =>
      ((await platform.adminOk('artist', 'create', '--tenant', tenant, '--name', name, '--slug', slug)).artist as { uuid: string }).uuid;
    const key = async (tenant: string, ...flags: string[]) =>
      apiClient(platform.baseUrl, (await platform.adminOk('key', 'create', '--tenant', tenant, ...flags)).key as string);
    const nova = await artist('roy-a', 'Nova', 'nova');
    const orbit = await artist('roy-a', 'Orbit', 'orbit');
    const bee = await artist('roy-b', 'Bee', 'bee');
    return {
      platform,
      a: {
        owner: await key('roy-a', '--role', 'owner'),
        team: await key('roy-a', '--role', 'team'),
        artist: await key('roy-a', '--role', 'artist', '--artist', nova),
        otherArtist: await key('roy-a', '--role', 'artist', '--artist', orbit),
        artistId: nova,
        otherArtistId: orbit,
      },
      b: { owner: await key('roy-b', '--role', 'owner'), artist: await key('roy-b', '--role', 'artist', '--artist', bee), artistId: bee },
    };
  } catch (error) {
    await platform.stop();
    throw error;
  }
};

/**
 * The world of this test file, started before its tests and stopped after them. `env` may be worked
 * out when the world starts (a free port for the CDN, say).
 */
export const useRoyaltiesWorld = (env?: Record<string, string> | (() => Promise<Record<string, string>>)): RoyaltiesWorld => {
  const world = {} as RoyaltiesWorld;
  beforeAll(async () => {
    Object.assign(world, await startRoyaltiesWorld(typeof env === 'function' ? await env() : env));
  }, 120_000);
  // Stopping five processes and dropping the database can take a while on a loaded machine.
  afterAll(async () => {
    await world.platform?.stop();
  }, 120_000);
  return world;
};

/** Creates a release with `tracks` tracks through the artist's own key; the catalogue assigns UPC and ISRCs. */
export const seedRelease = async (artist: Api, tracks = 2): Promise<SeededRelease> => {
  const title = `Royalty test ${suffix()}`;
  const created = await artist('/v1/releases', { body: { title, type: tracks > 1 ? 'ep' : 'single', release_date: '2027-03-05', genre: 'Pop' } });
  expectStatus(created, 201, 'release create');
  const release = created.body.release as { uuid: string; upc: string };
  const seeded: SeededRelease = { id: release.uuid, title, upc: release.upc, tracks: [] };
  for (let position = 1; position <= tracks; position++) {
    const track = await artist(`/v1/releases/${release.uuid}/tracks`, { body: { title: `Track ${position}`, position, explicit: false } });
    expectStatus(track, 201, 'track create');
    const body = track.body.track as { uuid: string; title: string; isrc: string };
    seeded.tracks.push({ id: body.uuid, title: body.title, isrc: body.isrc });
  }
  return seeded;
};

