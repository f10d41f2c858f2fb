import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { deleteFinishedJobs, startScheduledJob, startWorkQueue, type Logger, type WorkQueueTable } from '@sv/platform';
import type { RoyaltiesConfig } from '../../config.ts';
import { SalesReportJob } from '../../db/entities/sales-report-job.entity.ts';
import { endFailedSalesReportJob, runSalesReportJob, type SalesReportJobDeps } from './sales-report-jobs.service.ts';

/**
 * The job table as the kit's work queue sees it, oldest first. A claim starts the attempt over:
 * `running`, its progress from nothing (a job taken over from a dead worker reads the file again,
 * since that worker's transaction kept nothing). Out of attempts, a job ends `failed` too.
 */
export const SALES_REPORT_JOB_QUEUE: WorkQueueTable = {
  schema: 'royalties',
  table: 'sales_report_job',
  columns: { state: 'status' },
  readyStates: ['queued', 'running'],
  failedState: 'failed',
  deadState: 'failed',
  orderBy: '"created_at"',
  claimSet: `"status" = 'running', "started_at" = now(), "bytes_read" = 0, "rows_read" = 0, "rows_matched" = 0, "progress_at" = null`,
};

const HOUR_MS = 3_600_000;

/** Jobs deleted per statement: a long backlog goes in short statements, not one long lock. */
export const SALES_REPORT_JOB_PRUNE_BATCH = 1_000;

/**
 * Deletes up to a batch of jobs that ended before `before` (the worker's `retentionDays`,
 * `SV_REPORT_JOB_RETENTION_DAYS`, ago; the report a job made stays); answers how many went. A queued or
 * running job is never deleted: the state is checked again on the row itself, so a job a worker
 * just took is left.
 */
export const pruneFinishedSalesReportJobs = (em: EntityManager, before: Date): Promise<number> =>
  deleteFinishedJobs(em, '"royalties"."sales_report_job"', before, SALES_REPORT_JOB_PRUNE_BATCH);

export interface SalesReportJobWorker {
  /** Stops claiming, stops the loads in flight (nothing of them is kept) and hands their jobs back. */
  stop(): Promise<void>;
}

/**
 * Loads queued sales report files, a few per process, each under a lease renewed while it runs;
 * every replica runs it. Beside the queue, at its start and then hourly, one replica deletes the
 * jobs that ended past their retention.
 */
export const startSalesReportJobWorker = (
  orm: MikroORM,
  deps: Omit<SalesReportJobDeps, 'fork' | 'progressMs'>,
  settings: RoyaltiesConfig['reportJobs'],
  logger: Logger,
): SalesReportJobWorker => {
  const log = logger.child({ worker: 'sales-report-jobs' });
  const jobDeps: SalesReportJobDeps = { ...deps, fork: () => orm.em.fork(), progressMs: settings.progressMs };
  const retention = startScheduledJob({
    name: 'sales-report-job-retention',
    intervalMs: HOUR_MS,
    // Leased: one replica deleting the old jobs is enough.
    lease: { orm },
    logger: log,
    run: async () => {
      const deleted = await pruneFinishedSalesReportJobs(orm.em.fork(), new Date(Date.now() - settings.retentionDays * 24 * HOUR_MS));
      if (deleted > 0) log.info({ deleted }, 'finished sales report jobs past their retention deleted');
      // A full batch may have left more: the next run follows at once.
      return deleted === SALES_REPORT_JOB_PRUNE_BATCH;
    },
  });
  const queue = startWorkQueue({
    name: 'sales-report-jobs',
    orm,
    table: SALES_REPORT_JOB_QUEUE,
    logger: log,
    concurrency: settings.concurrency,
    leaseMs: settings.leaseMs,
    maxAttempts: settings.maxAttempts,
    backoff: settings.retry,
    pollMs: settings.tickMs,
    // A job queued in this process is claimed as soon as its transaction commits.
    wakeOnCommitOf: [SalesReportJob],
    work: async (item, lease) => {
      await runSalesReportJob(jobDeps, { id: item.id, attempt: item.attempt }, lease);
      log.info({ sales_report_job_id: item.id, attempt: item.attempt }, 'sales report job attempt finished');
    },
    onGiveUp: (tx, item, end) => endFailedSalesReportJob(tx, deps.blobs, item.id, end),
  });
  return {
    async stop() {
      await Promise.all([retention.stop(), queue.stop()]);
    },
  };
};
