import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';

export type Api = ReturnType<typeof apiClient>;

/** A release made through an artist's key, with the codes a store's report quotes. */
export interface StreamingRelease {
  id: string;
  title: string;
  upc: string;
  tracks: { id: string; title: string; isrc: string }[];
}

/**
 * The world of the streaming tests: the gateway, catalogue and analytics as real processes (the
 * analytics drop-folder job every second). Tenant A has an owner key and two artists, Nova and
 * Orbit, each with a key; tenant B has an owner key, for isolation. `db` reads the platform's
 * database directly (release statuses, row counts).
 */
export interface StreamingWorld {
  platform: TestPlatform;
  db: pg.Client;
  /** Files written here are loaded by the drop-folder job (`<dropDir>/<tenant uuid>/`). */
  dropDir: string;
  /** Report files the tests write before loading them with the operator command. */
  filesDir: string;
  a: { slug: string; tenantId: string; owner: Api; nova: Api; orbit: Api; novaId: string; orbitId: string };
  b: { slug: string; tenantId: string; owner: Api };
}

let counter = 0;
export const suffix = (): string => `${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

const expectStatus = (response: { status: number; text: string }, status: number, what: string): void => {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${response.text}`);
};

export const startStreamingWorld = async (): Promise<StreamingWorld> => {
  const dropDir = await mkdtemp(join(tmpdir(), 'sv-analytics-drop-'));
  const filesDir = await mkdtemp(join(tmpdir(), 'sv-analytics-files-'));
  // Every read goes through the analytics rate category (60 a minute per key); this file reads more.
  const platform = await startPlatform({ env: { SV_RATE_LIMIT_MULTIPLIER: '20' } });
  try {
    await platform.startAnalytics({ SV_ANALYTICS_DROP_DIR: dropDir, SV_ANALYTICS_DROP_INTERVAL_MS: '1000' });
    const tenant = async (slug: string) => String((await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Streaming ${slug}`)).tenant.uuid);
    const [aId, bId] = await Promise.all([tenant('str-a'), tenant('str-b')]);
    const artist = async (name: string, slug: string) => String((await platform.adminOk('artist', 'create', '--tenant', 'str-a', '--name', name, '--slug', slug)).artist.uuid);
    const [novaId, orbitId] = await Promise.all([artist('Nova', 'nova'), artist('Orbit', 'orbit')]);
    const key = async (tenantSlug: string, ...flags: string[]) =>
      apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', tenantSlug, ...flags)).key));
    const [aOwner, nova, orbit, bOwner] = await Promise.all([
      key('str-a', '--role', 'owner'),
      key('str-a', '--role', 'artist', '--artist', novaId),
      key('str-a', '--role', 'artist', '--artist', orbitId),
      key('str-b', '--role', 'owner'),
    ]);
    const db = new pg.Client({ connectionString: platform.db.url });
    await db.connect();
    return {
      platform,
      db,
      dropDir,
      filesDir,
      a: { slug: 'str-a', tenantId: aId, owner: aOwner, nova, orbit, novaId, orbitId },
      b: { slug: 'str-b', tenantId: bId, owner: bOwner },
    };
  } catch (error) {
    await platform.stop();
    throw error;
  }
};

/** The world of this test file, started before its tests and stopped after them. */
export const useStreamingWorld = (): StreamingWorld => {
  const world = {} as StreamingWorld;
  beforeAll(async () => {
    Object.assign(world, await startStreamingWorld());
  }, 180_000);
  // Stopping the processes and dropping the database can take a while on a loaded machine.
  afterAll(async () => {
    await world.db?.end();
    await world.platform?.stop();
    await Promise.all([world.dropDir, world.filesDir].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
  }, 120_000);
  return world;
};

/** A release with `tracks` tracks through the artist's own key; the catalogue assigns its UPC and ISRCs. */
export const makeRelease = async (artist: Api, tracks: number): Promise<StreamingRelease> => {
  const title = `Streaming test ${suffix()}`;
  const created = await artist('/v1/releases', { body: { title, type: tracks > 1 ? 'ep' : 'single', release_date: '2027-03-05', genre: 'Pop' } });
  expectStatus(created, 201, 'release create');
  const release = created.body.release as { uuid: string; upc: string };
  const made: StreamingRelease = { id: release.uuid, title, upc: release.upc, tracks: [] };
  for (let position = 1; position <= tracks; position++) {
    const track = await artist(`/v1/releases/${release.uuid}/tracks`, { body: { title: `Song ${position}`, position, explicit: false } });
    expectStatus(track, 201, 'track create');
    const body = track.body.track as { uuid: string; title: string; isrc: string };
    made.tracks.push({ id: body.uuid, title: body.title, isrc: body.isrc });
  }
  return made;
};

/** Puts a release where delivery leaves it (QC passed, delivered) without running delivery itself. */
export const setReleaseStatus = async (db: pg.Client, releaseId: string, status: 'approved' | 'live'): Promise<void> => {
  await db.query(`update "catalogue"."release" set "status" = $2, "approved_at" = now() where "id" = $1`, [releaseId, status]);
};

/** Writes a report file for the operator command; answers its path. */
export const reportFile = async (world: StreamingWorld, name: string, text: string): Promise<string> => {
  const path = join(world.filesDir, name);
  await writeFile(path, text);
  return path;
};

/** Loads a report file through the operator command, as an operator would; answers the printed report. */
export const adminLoad = async (world: StreamingWorld, tenantSlug: string, path: string, ...flags: string[]): Promise<Record<string, any>> =>
  (await world.platform.adminOk('analytics', 'load', '--tenant', tenantSlug, '--file', path, ...flags)).report as Record<string, any>;
