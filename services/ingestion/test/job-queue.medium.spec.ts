import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { IngestionEvents, Messages, systemPrincipal, type ReleaseImportBody } from '@sv/contracts';
import { UnavailableError, createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@sv/testing';
import type { ImportedRelease } from '../src/app/import/ports.ts';
import type { JobPlan } from '../src/app/jobs/job-plan.ts';
import { createJob } from '../src/app/jobs/job-records.ts';
import { startJobWorker, type JobWorker, type JobWorkerSettings } from '../src/app/jobs/job-worker.ts';
import type { JobRunDeps } from '../src/app/jobs/run-job.ts';
import { INGESTION_ENTITIES, INGESTION_MIGRATIONS, INGESTION_SCHEMA } from '../src/db/index.ts';

/*
 * The job worker on the kit's work queue, on a real Postgres: two "replicas" (an ORM and a worker
 * each) share one database, with short leases. The catalogue is the service's own port, played
 * here by the test, so its answers (slow, unavailable) are the test's to choose.
 */

const logger = createLogger({ service: 'ingestion', env: 'production', level: 'silent' });

let db: TestDatabase;
const orms: MikroORM[] = [];
const workers: JobWorker[] = [];

const settings: JobWorkerSettings = { tickMs: 50, jobs: 2, leaseMs: 1_000, renewMs: 200, maxAttempts: 3, retry: { baseMs: 10, capMs: 50 } };

const sql = <T extends object>(text: string, params: unknown[] = []): Promise<T[]> => orms[0]!.em.fork().execute<T[]>(text, params);

interface JobRow {
  state: string;
  attempts: number;
  error: string | null;
  last_error: string | null;
  items_done: number;
  release_ids: string[];
}

const jobRow = async (id: string): Promise<JobRow> => (await sql<JobRow>(`select * from "ingestion"."ingestion_job" where "id" = ?`, [id]))[0]!;

/** The job's lifecycle events in the outbox, by type. */
const eventsOf = async (id: string): Promise<string[]> =>
  (
    await sql<{ type: string }>(`select "type" from "ingestion"."outbox_event" where "envelope"->'data'->>'ingestion_job_id' = ? order by "created_at"`, [id])
  ).map((row) => row.type);

const oneRelease = (title: string): JobPlan => ({
  items: [{ path: 'releases[0]', body: { release: { title, tracks: [{ title: 'One', position: 1 }] } } as unknown as ReleaseImportBody }],
  errors: {},
  failed: 0,
  total: 1,
});

/** Deps whose catalogue imports with `importRelease`; the other ports are never reached by these jobs. */
const depsWith = (importRelease: (body: ReleaseImportBody) => Promise<ImportedRelease>): JobRunDeps => ({
  catalogue: {
    importRelease: (_principal, body) => importRelease(body),
    discardRelease: async () => undefined,
    releaseByUpc: async () => ({ uuid: randomUUID() }),
    attachAudio: async () => undefined,
    attachArtwork: async () => undefined,
  },
  supplyChain: { setTerritories: async () => undefined },
  delivery: { takeDown: async () => undefined },
  planners: { bulk: async (job) => oneRelease((job.input as { title: string }).title) },
  concurrency: 2,
  now: () => new Date(),
});

const queueJob = async (title: string): Promise<string> => {
  const job = await createJob(orms[0]!.em.fork(), {
    source: 'bulk',
    principal: systemPrincipal(randomUUID(), 'job-queue-test'),
    state: 'queued',
    input: { title },
    itemsTotal: 1,
  });
  return job.id;
};

const startReplicas = (deps: JobRunDeps, overrides: Partial<JobWorkerSettings> = {}): void => {
  for (const orm of orms) workers.push(startJobWorker(orm, deps, { ...settings, ...overrides }, logger));
};

beforeAll(async () => {
  db = await createTestDatabase('ingestion_queue');
  for (let replica = 0; replica < 2; replica += 1) {
    orms.push(await openDatabase({ url: db.url, schema: INGESTION_SCHEMA, entities: INGESTION_ENTITIES, migrations: INGESTION_MIGRATIONS, logger, poolMax: 6 }));
  }
}, 120_000);

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

afterAll(async () => {
  await Promise.all(orms.map((orm) => orm.close(true)));
  await db?.drop();
});

describe('ingestion jobs on the work queue (Postgres)', () => {
  it('keeps a job that outlives its lease (a slow download) with its one worker: claimed once, imported once, finished once', async () => {
    const title = `Slow ${randomUUID()}`;
    const imports: string[] = [];
    const deps = depsWith(async (body) => {
      imports.push(body.release.title);
      // The import takes until the database clock is past the lease its job was claimed with.
      const [claim] = await sql<{ claimed_until: Date }>(`select "claimed_until" from "ingestion"."ingestion_job" where "input"->>'title' = ?`, [body.release.title]);
      await eventually('the first lease to be long over', async () => {
        const [clock] = await sql<{ past: boolean }>(`select now() > (?::timestamptz + interval '1 second') as "past"`, [claim!.claimed_until]);
        return clock!.past;
      });
      return { uuid: randomUUID() } as ImportedRelease;
    });
    const id = await queueJob(title);
    // A lease of 3 s renewed every 300 ms: a machine loaded by the whole suite may stall a second,
    // which a 1 s lease would not survive; the import still runs past the first lease by a second.
    startReplicas(deps, { leaseMs: 3_000, renewMs: 300 });
    await eventually('the job to end', async () => ['completed', 'failed'].includes((await jobRow(id)).state));

    expect(await jobRow(id)).toMatchObject({ state: 'completed', attempts: 1, items_done: 1, error: null });
    expect(imports).toEqual([title]);
    expect(await eventsOf(id)).toEqual([IngestionEvents.queued.name, IngestionEvents.started.name, IngestionEvents.completed.name]);
  });

  it('fails a job whose catalogue keeps answering 500 once its attempts are spent, with the last error, instead of retrying it forever', async () => {
    let calls = 0;
    const deps = depsWith(async () => {
      calls += 1;
      throw new UnavailableError(undefined, 'catalogue_500');
    });
    const id = await queueJob(`Unlucky ${randomUUID()}`);
    startReplicas(deps);
    await eventually('the job to end', async () => (await jobRow(id)).state === 'failed');

    expect(calls).toBe(settings.maxAttempts);
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      attempts: settings.maxAttempts,
      last_error: Messages.serviceUnavailable,
      error: `The job stopped after ${settings.maxAttempts} attempts; the last error: ${Messages.serviceUnavailable}`,
    });
    expect((await eventsOf(id)).filter((type) => type === IngestionEvents.failed.name)).toHaveLength(1);
  });

  it('does not show the text of an unexpected error to the client, and keeps it for operators', async () => {
    const deps = depsWith(async () => {
      throw new Error('relation "catalogue"."secret_table" does not exist');
    });
    const id = await queueJob(`Broken ${randomUUID()}`);
    startReplicas(deps, { maxAttempts: 1 });
    await eventually('the job to end', async () => (await jobRow(id)).state === 'failed');

    expect(await jobRow(id)).toMatchObject({
      attempts: 1,
      last_error: 'relation "catalogue"."secret_table" does not exist',
      error: 'The job stopped after 1 attempt; the last error: an internal error',
    });
  });
});
