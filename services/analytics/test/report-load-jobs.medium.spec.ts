import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { SalesReportFileReply } from '@sv/contracts';
import { createLogger, FINISHED_JOBS_BATCH, finishedJobsLookup, openDatabase, type BlobStore, type EventConsumer } from '@sv/platform';
import { createTestDatabase, eventually, planWithoutSeqScans, type TestDatabase } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import type { RoyaltiesPort } from '../src/app/royalties-port.ts';
import { queueSalesReportLoad } from '../src/app/streaming/finance-report-loads.ts';
import { presentReportLoadJob } from '../src/app/streaming/report-load-job.presenter.ts';
import { enqueueReportLoad, findReportLoadJob } from '../src/app/streaming/report-load-jobs.ts';
import { startReportLoadWorker } from '../src/app/streaming/report-load-worker.ts';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from '../src/db/index.ts';
import { csvStreams } from './support/report-fixtures.ts';

/*
 * Report load jobs on a real analytics schema and work queue: the progress of a load is seen while
 * its transaction is still open, a load that fails for a passing reason or is stopped with its
 * worker is tried again, and a finance sales report is queued once however often its event comes,
 * and not at all when its file is not a DSR.
 */

let db: TestDatabase;
let orm: MikroORM;
const logger = createLogger({ service: 'analytics', env: 'production', level: 'silent', pretty: false });

beforeAll(async () => {
  db = await createTestDatabase('svloadjobs');
  orm = await openDatabase({ url: db.url, schema: ANALYTICS_SCHEMA, entities: ANALYTICS_ENTITIES, migrations: ANALYTICS_MIGRATIONS, logger });
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/** A catalogue that knows no recording, away for its first `misses` questions. */
const catalogue = (misses = 0): CataloguePort => {
  let asked = 0;
  const away = () => Promise.reject(new Error('catalogue did not answer'));
  return {
    describeReleases: away,
    artistName: away,
    counts: away,
    deliveredReleases: away,
    matchRecordings: async () => {
      asked += 1;
      if (asked <= misses) throw new Error('catalogue did not answer');
      return { tracks: [], releases: [] };
    },
  };
};

/** A blob store holding one file, read whole except where the test hands out the stream itself. */
const oneFile = (open: () => Readable): BlobStore => {
  const refuse = () => Promise.reject(new Error('not used here'));
  return { put: refuse, remove: refuse, read: async () => open(), keyOf: () => undefined, readUrl: refuse, presignPut: refuse };
};

const settings = { concurrency: 1, leaseMs: 10_000, maxAttempts: 3, retry: { baseMs: 10, capMs: 50 }, pollMs: 100, retentionDays: 30 };

const lines = (count: number, store: string) =>
  Array.from({ length: count }, (_, index) => ({ date: '2027-01-05', store, territory: 'GB', isrc: `ZZX0026${String(index).padStart(5, '0')}`, title: 'Song', artist: 'Nova', streams: 3 }));

const filesOf = async (tenantId: string): Promise<number> =>
  (await orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as "n" from "analytics"."report_file" where "tenant_id" = ?`, [tenantId]))[0]!.n;

let worker: EventConsumer | undefined;
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  // A job left queued would be claimed by the next test's worker and read from that test's files.
  await orm.em.fork().execute(`delete from "analytics"."report_load_job"`);
});

describe('report load jobs', () => {
  it('show the bytes and rows read while the load’s transaction is open, with a percentage and a time left, then the summary', async () => {
    const tenantId = randomUUID();
    const text = csvStreams(lines(400, 'HalfStore'));
    const half = Buffer.from(text.slice(0, Math.floor(text.length / 2)));
    const rest = Buffer.from(text.slice(half.length));
    // The format is told from the file's start; the load's own read gets the first half, the rest when the test says.
    const held = new PassThrough();
    let reads = 0;
    const blobs = oneFile(() => {
      reads += 1;
      if (reads === 1) return Readable.from([Buffer.from(text)]);
      held.write(half);
      return held;
    });
    const job = await enqueueReportLoad(orm.em.fork(), tenantId, { origin: 'operator', blobKey: `private/${tenantId}/half.csv`, fileName: 'half.csv', bytesTotal: text.length });
    worker = startReportLoadWorker({ orm, catalogue: catalogue(), blobs, logger }, settings);

    const midway = await eventually('the first half to be seen', async () => {
      const found = await findReportLoadJob(orm.em.fork(), tenantId, job.id);
      return found.status === 'running' && found.bytesRead === half.length && found.rowsRead > 0 ? found : undefined;
    });
    const shown = presentReportLoadJob(midway);
    expect(shown.progress).toMatchObject({ phase: 'reading', bytes_total: text.length, bytes_read: half.length, rows_matched: null });
    expect(shown.progress.percent).toBe(Math.floor((half.length / text.length) * 1000) / 10);
    expect(shown.progress.eta_seconds).toEqual(expect.any(Number));
    // Nothing of the file is committed yet: the progress came from beside the load's transaction.
    expect(await filesOf(tenantId)).toBe(0);

    held.end(rest);
    const done = await eventually('the load to complete', async () => {
      const found = await findReportLoadJob(orm.em.fork(), tenantId, job.id);
      return found.status === 'completed' ? found : undefined;
    });
    expect(presentReportLoadJob(done)).toMatchObject({
      status: 'completed',
      error: null,
      attempts: 1,
      progress: { phase: null, bytes_total: text.length, bytes_read: text.length, rows_read: 400, rows_matched: 0, percent: 100, eta_seconds: null },
      summary: { store: 'HalfStore', rows: 400, size_bytes: text.length, matched: { isrc: 0, upc: 0, unmatched: 400 } },
    });
    expect(await filesOf(tenantId)).toBe(1);
  }, 60_000);

  it('tries a load again after a passing failure (the catalogue away), and it completes', async () => {
    const tenantId = randomUUID();
    const text = csvStreams(lines(3, 'AwayStore'));
    const job = await enqueueReportLoad(orm.em.fork(), tenantId, { origin: 'operator', blobKey: `private/${tenantId}/away.csv`, fileName: 'away.csv' });
    worker = startReportLoadWorker({ orm, catalogue: catalogue(1), blobs: oneFile(() => Readable.from([Buffer.from(text)])), logger }, settings);
    const done = await eventually('the load to end', async () => {
      const found = await findReportLoadJob(orm.em.fork(), tenantId, job.id);
      return found.status === 'completed' || found.status === 'failed' ? found : undefined;
    });
    expect(done).toMatchObject({ status: 'completed', attempts: 2, error: null, lastError: null });
    expect(await filesOf(tenantId)).toBe(1);
  }, 60_000);

  it('leaves a load stopped with its worker, before its file is read, to be tried again, and a later worker completes it', async () => {
    const tenantId = randomUUID();
    const text = csvStreams(lines(3, 'StopStore'));
    const job = await enqueueReportLoad(orm.em.fork(), tenantId, { origin: 'operator', blobKey: `private/${tenantId}/stop.csv`, fileName: 'stop.csv' });
    const deps = { orm, catalogue: catalogue(), blobs: oneFile(() => Readable.from([Buffer.from(text)])), logger };
    // The tenant's loads run one at a time: holding its lock keeps the load waiting with its file open and not yet read.
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [`sv:analytics:report-load:${tenantId}`]);
      const stopping = startReportLoadWorker(deps, settings);
      await eventually('the load to wait for the tenant’s lock', async () => {
        const { rows } = await holder.query<{ n: number }>(`select count(*)::int as "n" from pg_locks l join pg_database d on d."oid" = l."database"
            where d."datname" = current_database() and l."locktype" = 'advisory' and not l."granted"`);
        return rows[0]!.n > 0 ? true : undefined;
      });
      const stopped = stopping.stop();
      await holder.query('select pg_advisory_unlock_all()');
      await stopped;
    } finally {
      await holder.end();
    }
    expect(await findReportLoadJob(orm.em.fork(), tenantId, job.id)).toMatchObject({ status: 'running', leaseUntil: null, finishedAt: null, error: null, attempts: 1 });
    expect(await filesOf(tenantId)).toBe(0);

    worker = startReportLoadWorker(deps, settings);
    const done = await eventually('the load to end', async () => {
      const found = await findReportLoadJob(orm.em.fork(), tenantId, job.id);
      return found.status === 'completed' || found.status === 'failed' ? found : undefined;
    });
    expect(done).toMatchObject({ status: 'completed', attempts: 2, error: null });
    expect(await filesOf(tenantId)).toBe(1);
  }, 60_000);

  it('queues a finance sales report once however often its event comes, and a report whose file is no DSR not at all', async () => {
    const tenantId = randomUUID();
    const files = new Map<string, SalesReportFileReply | null>();
    const royalties: RoyaltiesPort = {
      statementFacts: () => Promise.reject(new Error('not used here')),
      salesReportFile: async (_principal, id) => files.get(id) ?? null,
    };
    const dsrId = randomUUID();
    const csvId = randomUUID();
    const jsonId = randomUUID();
    const stored = { file_name: 'report.tsv', sha256: 'a'.repeat(64), dsr_file_number: null };
    files.set(dsrId, { ...stored, file_key: `private/${tenantId}/dsr.tsv`, dsr_message_id: 'MSG-1', dsr_file_number: 1, file_size: 4096 });
    files.set(csvId, { ...stored, file_key: `private/${tenantId}/sales.csv`, dsr_message_id: null });

    const first = await queueSalesReportLoad(orm.em.fork(), royalties, tenantId, dsrId);
    const again = await queueSalesReportLoad(orm.em.fork(), royalties, tenantId, dsrId);
    expect(first).toMatchObject({ origin: 'finance', status: 'queued', blobKey: `private/${tenantId}/dsr.tsv`, sourceRef: `sales_report:${dsrId}` });
    expect(again?.id).toBe(first?.id);
    // The file's size as royalties knows it: the job shows a percent from its start, and as it reads.
    const queued = await findReportLoadJob(orm.em.fork(), tenantId, first!.id);
    expect(presentReportLoadJob(queued).progress).toMatchObject({ bytes_total: 4096, bytes_read: 0, percent: 0 });
    await orm.em.fork().execute(`update "analytics"."report_load_job" set "bytes_read" = 1024 where "id" = ?`, [first!.id]);
    expect(presentReportLoadJob(await findReportLoadJob(orm.em.fork(), tenantId, first!.id)).progress).toMatchObject({ bytes_total: 4096, percent: 25 });
    expect(await queueSalesReportLoad(orm.em.fork(), royalties, tenantId, csvId)).toBe(null);
    expect(await queueSalesReportLoad(orm.em.fork(), royalties, tenantId, jsonId)).toBe(null);
    const jobs = await orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as "n" from "analytics"."report_load_job" where "tenant_id" = ?`, [tenantId]);
    expect(jobs[0]!.n).toBe(1);
  });

  it('deletes, as the worker starts, the jobs that ended past their configured retention, never a recent one nor a queued or running one', async () => {
    const tenantId = randomUUID();
    const day = 24 * 3_600_000;
    // Not the default 30: the worker keeps finished jobs as many days as it is told.
    const retentionDays = 10;
    const old = new Date(Date.now() - (retentionDays + 5) * day);
    const recent = new Date(Date.now() - (retentionDays - 5) * day);
    const later = new Date(Date.now() + day);
    const jobOf = async (name: string, status: string, finishedAt: Date | null, more: { leaseUntil?: Date; nextAttemptAt?: Date } = {}): Promise<string> => {
      const job = await enqueueReportLoad(orm.em.fork(), tenantId, { origin: 'operator', blobKey: `private/${tenantId}/${name}.csv`, fileName: `${name}.csv` });
      // Old and unfinished ones are held out of the worker's reach: leased by another, or due later.
      await orm.em
        .fork()
        .execute(`update "analytics"."report_load_job" set "status" = ?, "finished_at" = ?, "created_at" = ?, "lease_until" = ?, "next_attempt_at" = ? where "id" = ?`, [
          status,
          finishedAt,
          old,
          more.leaseUntil ?? null,
          more.nextAttemptAt ?? job.nextAttemptAt,
          job.id,
        ]);
      return job.id;
    };
    const oldCompleted = await jobOf('old-completed', 'completed', old);
    const oldFailed = await jobOf('old-failed', 'failed', old);
    const recentCompleted = await jobOf('recent-completed', 'completed', recent);
    const recentFailed = await jobOf('recent-failed', 'failed', recent);
    const oldQueued = await jobOf('old-queued', 'queued', null, { nextAttemptAt: later });
    const oldRunning = await jobOf('old-running', 'running', null, { leaseUntil: later });
    const left = async (): Promise<string[]> =>
      (await orm.em.fork().execute<{ id: string }[]>(`select "id" from "analytics"."report_load_job" where "tenant_id" = ?`, [tenantId])).map((row) => row.id);
    expect(await left()).toHaveLength(6);

    worker = startReportLoadWorker({ orm, catalogue: catalogue(), blobs: oneFile(() => Readable.from([])), logger }, { ...settings, retentionDays });
    const kept = await eventually('the old finished jobs to go', async () => {
      const ids = await left();
      return ids.length === 4 ? ids : undefined;
    });
    expect(kept.sort()).toEqual([recentCompleted, recentFailed, oldQueued, oldRunning].sort());
    expect(kept).not.toContain(oldCompleted);
    expect(kept).not.toContain(oldFailed);
  });

  it('finds the jobs to delete through the finished jobs’ index, whose predicate is the prune’s own', async () => {
    const plan = await planWithoutSeqScans(orm.em.fork(), finishedJobsLookup('"analytics"."report_load_job"'), [new Date(), FINISHED_JOBS_BATCH]);
    expect(plan).toContain('report_load_job_finished_idx');
  });
});
