import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';

export type Api = ReturnType<typeof apiClient>;

/**
 * The world of the ingestion tests: the gateway, catalogue, supply-chain and ingestion as real processes; two
 * tenants, with an owner key, an artist key and a roster key in the first and an artist key in
 * the second (for isolation).
 */
export interface IngestionWorld {
  platform: TestPlatform;
  a: { owner: Api; artist: Api; roster: Api; artistId: string };
  b: { artist: Api };
}

let counter = 0;
/** A unique suffix for titles, so tests of one file never collide. */
export const suffix = (): string => `${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

export const startIngestionWorld = async (env: Record<string, string> = {}): Promise<IngestionWorld> => {
  const platform = await startPlatform({ supplyChain: true, env: { SV_INGESTION_TICK_MS: '100', ...env } });
  try {
    await platform.startIngestion();
    await platform.adminOk('tenant', 'create', '--slug', 'ing-a', '--name', 'Ingest A');
    await platform.adminOk('tenant', 'create', '--slug', 'ing-b', '--name', 'Ingest B');
    const artistA = (await platform.adminOk('artist', 'create', '--tenant', 'ing-a', '--name', 'Nova', '--slug', 'nova')).artist as { uuid: string };
    const artistB = (await platform.adminOk('artist', 'create', '--tenant', 'ing-b', '--name', 'Bee', '--slug', 'bee')).artist as { uuid: string };
    const key = async (tenant: string, ...flags: string[]) =>
      apiClient(platform.baseUrl, (await platform.adminOk('key', 'create', '--tenant', tenant, ...flags)).key as string);
    return {
      platform,
      a: {
        owner: await key('ing-a', '--role', 'owner'),
        artist: await key('ing-a', '--role', 'artist', '--artist', artistA.uuid),
        roster: await key('ing-a', '--role', 'owner', '--roster'),
        artistId: artistA.uuid,
      },
      b: { artist: await key('ing-b', '--role', 'artist', '--artist', artistB.uuid) },
    };
  } catch (error) {
    await platform.stop();
    throw error;
  }
};

/** The world of this test file, started before its tests and stopped after them. */
export const useIngestionWorld = (env?: Record<string, string>): IngestionWorld => {
  const world = {} as IngestionWorld;
  beforeAll(async () => {
    Object.assign(world, await startIngestionWorld(env));
  }, 120_000);
  afterAll(async () => {
    await world.platform?.stop();
  });
  return world;
};

/** A release as /ingestion/json and each bulk entry take it. */
export const releaseBody = (tracks = 2, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: `Ingested ${suffix()}`,
  type: tracks > 1 ? 'ep' : 'single',
  release_date: '2027-03-05',
  genre: 'Electronic',
  tracks: Array.from({ length: tracks }, (_, index) => ({ title: `Track ${index + 1}`, position: index + 1, explicit: false })),
  ...overrides,
});

const FINAL = new Set(['completed', 'partially_completed', 'failed']);

/**
 * Reads the job until it is final (or the time is up) and returns it, handing every read to `onRead`. Reads are
 * spaced so a long job stays inside the general rate (120 a minute per key), and a 429 waits its Retry-After, as
 * a client of the API would.
 */
export const finishedJob = async (
  api: Api,
  jobId: string,
  timeoutMs = 60_000,
  onRead: (job: Record<string, any>) => void = () => undefined,
): Promise<Record<string, any>> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api(`/v1/ingestion/jobs/${jobId}`);
    if (response.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (response.status !== 200) throw new Error(`job read failed: ${response.status} ${response.text}`);
    const job = response.body.job;
    onRead(job);
    if (FINAL.has(job.state) || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
};
