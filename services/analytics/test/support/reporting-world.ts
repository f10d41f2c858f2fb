import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';

export { eventually } from '@sv/testing';

export type Api = ReturnType<typeof apiClient>;

/** A release of the world, with the UPC a royalty statement's line matches it by. */
export interface WorldRelease {
  id: string;
  title: string;
  upc: string;
}

/**
 * The world of the reporting tests: the gateway, catalogue, royalties and analytics as real
 * processes. Tenant A has an owner key and two artists (Nova, Orbit), each with its own key and
 * release; tenant B has an owner key and one artist (Bee) with a release, for isolation.
 */
export interface ReportingWorld {
  platform: TestPlatform;
  a: {
    owner: Api;
    nova: Api;
    orbit: Api;
    novaId: string;
    orbitId: string;
    novaRelease: WorldRelease;
    orbitRelease: WorldRelease;
  };
  b: { owner: Api; beeId: string; beeRelease: WorldRelease };
}

let counter = 0;
const suffix = (): string => `${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

/** A release created through the artist's own key; the catalogue assigns its UPC. */
const createRelease = async (artist: Api, title: string): Promise<WorldRelease> => {
  const created = await artist('/v1/releases', { body: { title, type: 'single', release_date: '2027-03-05', genre: 'Pop' } });
  if (created.status !== 201) throw new Error(`release create: ${created.status} ${created.text}`);
  const release = created.body.release as { uuid: string; title: string; upc: string };
  return { id: release.uuid, title: release.title, upc: release.upc };
};

export const startReportingWorld = async (): Promise<ReportingWorld> => {
  // Every read below goes through the analytics rate category (60 a minute per key).
  const platform = await startPlatform({ royalties: true, analytics: true, env: { SV_RATE_LIMIT_MULTIPLIER: '20' } });
  try {
    await platform.adminOk('tenant', 'create', '--slug', 'rep-a', '--name', 'Reporting A');
    await platform.adminOk('tenant', 'create', '--slug', 'rep-b', '--name', 'Reporting B');
    const artist = async (tenant: string, name: string, slug: string) =>
      ((await platform.adminOk('artist', 'create', '--tenant', tenant, '--name', name, '--slug', slug)).artist as { uuid: string }).uuid;
    const key = async (tenant: string, ...flags: string[]) =>
      apiClient(platform.baseUrl, (await platform.adminOk('key', 'create', '--tenant', tenant, ...flags)).key as string);
    const [novaId, orbitId, beeId] = await Promise.all([artist('rep-a', 'Nova', 'nova'), artist('rep-a', 'Orbit', 'orbit'), artist('rep-b', 'Bee', 'bee')]);
    const [aOwner, nova, orbit, bOwner, bee] = await Promise.all([
      key('rep-a', '--role', 'owner'),
      key('rep-a', '--role', 'artist', '--artist', novaId),
      key('rep-a', '--role', 'artist', '--artist', orbitId),
      key('rep-b', '--role', 'owner'),
      key('rep-b', '--role', 'artist', '--artist', beeId),
    ]);
    const [novaRelease, orbitRelease, beeRelease] = await Promise.all([
      createRelease(nova, `Nova report ${suffix()}`),
      createRelease(orbit, `Orbit report ${suffix()}`),
      createRelease(bee, `Bee report ${suffix()}`),
    ]);
    return {
      platform,
      a: { owner: aOwner, nova, orbit, novaId, orbitId, novaRelease, orbitRelease },
      b: { owner: bOwner, beeId, beeRelease },
    };
  } catch (error) {
    await platform.stop();
    throw error;
  }
};

/** The world of this test file, started before its tests and stopped after them. */
export const useReportingWorld = (): ReportingWorld => {
  const world = {} as ReportingWorld;
  beforeAll(async () => {
    Object.assign(world, await startReportingWorld());
  }, 180_000);
  afterAll(async () => {
    await world.platform?.stop();
  }, 120_000);
  return world;
};

/** A snapshot as the ingest body takes it. */
export const snapshot = (releaseId: string, dspName: string, territory: string, periodLabel: string, streams: number) => ({
  release_uuid: releaseId,
  dsp_name: dspName,
  territory,
  period_label: periodLabel,
  streams,
});
