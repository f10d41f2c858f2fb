import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, FINISHED_JOBS_BATCH, finishedJobsLookup, openDatabase, type BlobStore } from '@sv/platform';
import { createTestDatabase, eventually, planWithoutSeqScans, type TestDatabase } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import { startSalesReportJobWorker, type SalesReportJobWorker } from '../src/app/finance/sales-report-job-worker.ts';
import { ROYALTIES_ENTITIES, ROYALTIES_MIGRATIONS, ROYALTIES_SCHEMA } from '../src/db/index.ts';

/*
 * Sales report jobs on a real royalties schema: the worker deletes, as it starts, the jobs that
 * ended past their retention (the report a completed one made stays), and never a recent one nor
 * one still queued or running.
 */

let db: TestDatabase;
let orm: MikroORM;
let worker: SalesReportJobWorker | undefined;
const logger = createLogger({ service: 'royalties', env: 'production', level: 'silent', pretty: false });

beforeAll(async () => {
  db = await createTestDatabase('svreportjobs');
  orm = await openDatabase({ url: db.url, schema: ROYALTIES_SCHEMA, entities: ROYALTIES_ENTITIES, migrations: ROYALTIES_MIGRATIONS, logger });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await orm?.close(true);
  await db?.drop();
});

const unused = () => Promise.reject(new Error('not used here'));
const blobs: BlobStore = { put: unused, remove: unused, read: unused, keyOf: () => undefined, readUrl: unused, presignPut: unused };
const catalogue = new Proxy({}, { get: () => unused }) as CataloguePort;
// Not the default 30: the worker keeps finished jobs as many days as it is told.
const retentionDays = 10;
const settings = { concurrency: 1, tickMs: 100, leaseMs: 10_000, maxAttempts: 3, retry: { baseMs: 10, capMs: 50 }, progressMs: 100, retentionDays };

describe('sales report job retention', () => {
  it('deletes, as the worker starts, the jobs that ended past their configured retention, never a recent one nor a queued or running one', async () => {
    const tenantId = randomUUID();
    const day = 24 * 3_600_000;
    const old = new Date(Date.now() - (retentionDays + 5) * day);
    const recent = new Date(Date.now() - (retentionDays - 5) * day);
    const later = new Date(Date.now() + day);
    const em = orm.em.fork();
    const periodId = randomUUID();
    await em.execute(
      `insert into "royalties"."finance_period" ("id", "tenant_id", "code", "starts_on", "ends_on", "currency", "created_at") values (?, ?, '2026-10', '2026-10-01', '2026-10-31', 'EUR', now())`,
      [periodId, tenantId],
    );
    const reportOf = async (): Promise<string> => {
      const id = randomUUID();
      await em.execute(
        `insert into "royalties"."sales_report" ("id", "tenant_id", "period_id", "source", "currency", "rows_total", "rows_matched", "total_micros", "matched_micros", "created_at")
          values (?, ?, ?, 'Store', 'EUR', 0, 0, 0, 0, now())`,
        [id, tenantId, periodId],
      );
      return id;
    };
    const oldReport = await reportOf();
    // Old and unfinished ones are held out of the worker's reach: leased by another, or due later.
    const jobOf = async (status: string, finishedAt: Date | null, more: { reportId?: string; leaseUntil?: Date; nextAttemptAt?: Date } = {}): Promise<string> => {
      const id = randomUUID();
      await em.execute(
        `insert into "royalties"."sales_report_job" ("id", "tenant_id", "period_id", "status", "principal", "file_key", "file_name", "bytes_total", "sales_report_id",
            "lease_until", "next_attempt_at", "created_at", "finished_at")
          values (?, ?, ?, ?, '{}'::jsonb, ?, 'report.csv', 10, ?, ?, ?, ?, ?)`,
        [id, tenantId, periodId, status, `private/${tenantId}/${id}.csv`, more.reportId ?? null, more.leaseUntil ?? null, more.nextAttemptAt ?? old, old, finishedAt],
      );
      return id;
    };
    const oldCompleted = await jobOf('completed', old, { reportId: oldReport });
    const oldFailed = await jobOf('failed', old);
    const recentCompleted = await jobOf('completed', recent, { reportId: await reportOf() });
    const recentFailed = await jobOf('failed', recent);
    const oldQueued = await jobOf('queued', null, { nextAttemptAt: later });
    const oldRunning = await jobOf('running', null, { leaseUntil: later });
    const left = async (): Promise<string[]> =>
      (await orm.em.fork().execute<{ id: string }[]>(`select "id" from "royalties"."sales_report_job" where "tenant_id" = ?`, [tenantId])).map((row) => row.id);
    expect(await left()).toHaveLength(6);

    worker = startSalesReportJobWorker(orm, { blobs, catalogue }, settings, logger);
    const kept = await eventually('the old finished jobs to go', async () => {
      const ids = await left();
      return ids.length === 4 ? ids : undefined;
    });
    expect(kept.sort()).toEqual([recentCompleted, recentFailed, oldQueued, oldRunning].sort());
    expect(kept).not.toContain(oldCompleted);
    expect(kept).not.toContain(oldFailed);
    // The report the old job made stays.
    const reports = await orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as "n" from "royalties"."sales_report" where "id" = ?`, [oldReport]);
    expect(reports[0]!.n).toBe(1);
  });

  it('finds the jobs to delete through the finished jobs’ index, whose predicate is the prune’s own', async () => {
    const plan = await planWithoutSeqScans(orm.em.fork(), finishedJobsLookup('"royalties"."sales_report_job"'), [new Date(), FINISHED_JOBS_BATCH]);
    expect(plan).toContain('sales_report_job_finished_idx');
  });
});
