import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase, startScheduledJob, type ScheduledJob } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from './support/isolation.ts';
import { captureLogger, deferred, silentLogger, waitFor } from './support/kit.ts';

/*
 * Leased jobs on a real Postgres: each "replica" is an ORM of its own (its own pool) on one
 * database, as two processes of a service would be.
 */

let db: TestDatabase;
const orms: MikroORM[] = [];
const jobs: ScheduledJob[] = [];

const replica = async (schema = 'lease_test'): Promise<MikroORM> => {
  const orm = await openDatabase({ url: db.url, schema, entities: [], migrations: [], logger: silentLogger(), poolMax: 4 });
  orms.push(orm);
  return orm;
};

/** A run that records whether another run of the same job was in progress anywhere. */
const exclusiveWork = (runMs: number) => {
  const state = { running: 0, overlaps: 0, runs: [0, 0] };
  const runOn = (replicaIndex: number) => async () => {
    state.running += 1;
    if (state.running > 1) state.overlaps += 1;
    await new Promise((resolve) => setTimeout(resolve, runMs));
    state.running -= 1;
    state.runs[replicaIndex] = (state.runs[replicaIndex] ?? 0) + 1;
  };
  return { state, runOn };
};

const start = (orm: MikroORM | false, name: string, run: () => Promise<void>, logger = silentLogger()): ScheduledJob => {
  const job = startScheduledJob({ name, intervalMs: 2, lease: orm ? { orm } : false, logger, run });
  jobs.push(job);
  return job;
};

const totalRuns = (state: { runs: number[] }) => state.runs.reduce((sum, runs) => sum + runs, 0);

beforeAll(async () => {
  db = await createTestDatabase('lease');
}, 60_000);

afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.stop()));
});

afterAll(async () => {
  await Promise.all(orms.map((orm) => orm.close(true)));
  await db?.drop();
});

describe('a leased scheduled job', () => {
  it('runs on one replica at a time, and between them the replicas keep it running', async () => {
    const [a, b] = [await replica(), await replica()];
    const { state, runOn } = exclusiveWork(20);
    const onA = start(a, 'prune', runOn(0));
    start(b, 'prune', runOn(1));
    await waitFor(() => totalRuns(state) >= 20 && state.runs.every((runs) => runs > 0), 'twenty runs, on both replicas');
    // One replica stops (a deploy, a crash): the other carries on alone.
    await onA.stop();
    const bRuns = state.runs[1] ?? 0;
    await waitFor(() => (state.runs[1] ?? 0) >= bRuns + 5, 'more runs on the remaining replica');
    expect(state.overlaps).toBe(0);
  }, 60_000);

  it('without the lease, the same two replicas do run it at once (what the lease prevents)', async () => {
    const { state, runOn } = exclusiveWork(20);
    start(false, 'shared', runOn(0));
    start(false, 'shared', runOn(1));
    await waitFor(() => totalRuns(state) >= 10, 'ten runs');
    expect(state.overlaps).toBeGreaterThan(0);
  }, 60_000);

  it('is one lease per job and schema: other jobs, and the same job of another service, run alongside', async () => {
    const [a, b, other] = [await replica(), await replica(), await replica('lease_other')];
    const release = deferred();
    let running = 0;
    const holdRun = async () => {
      running += 1;
      await release.promise;
    };
    start(a, 'prune', holdRun);
    start(b, 'retention', holdRun);
    start(other, 'prune', holdRun);
    try {
      await waitFor(() => running === 3, 'all three jobs running at once', 10_000);
    } finally {
      release.resolve();
    }
  }, 60_000);

  it('is freed when the replica holding it dies mid-run, and another replica takes the job over', async () => {
    const [a, b] = [await replica(), await replica()];
    const stuck = deferred();
    const aRunning = deferred();
    const aLog = captureLogger();
    let bRuns = 0;
    start(
      a,
      'poll',
      async () => {
        aRunning.resolve();
        await stuck.promise;
      },
      aLog.logger,
    );
    await aRunning.promise;
    start(b, 'poll', async () => {
      bRuns += 1;
    });
    // B is kept out while A holds the lease...
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bRuns).toBe(0);
    // ...until A's lease connection goes the way a dead process's does.
    await b.em.fork().execute(
      `select pg_terminate_backend(l."pid") from pg_locks l
        where l."locktype" = 'advisory' and l."database" = (select "oid" from pg_database where "datname" = current_database())`,
    );
    await waitFor(() => bRuns > 0, 'the other replica runs the job');
    await waitFor(() => aLog.lines.some((line) => line.job === 'poll' && line.level === 40), 'replica A reports its lost lease');
    stuck.resolve();
  }, 60_000);
});
