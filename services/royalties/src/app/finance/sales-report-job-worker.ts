import type { MikroORM } from '@mikro-orm/postgresql';
import { startFinishedJobsRetention, startWorkQueue, type Logger, type WorkQueueTable } from '@sv/platform';
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
  // The report a deleted job made stays.
  const retention = startFinishedJobsRetention({
    name: 'sales-report-job-retention',
    orm,
    table: '"royalties"."sales_report_job"',
    retentionDays: settings.retentionDays,
    what: 'sales report jobs',
    logger: log,
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
