import { startFinishedJobsRetention, startWorkQueue, type EventConsumer, type WorkQueueTable } from '@sv/platform';
import { ReportLoadJob } from '../../db/entities/report-load-job.entity.ts';
import { endGivenUpReportLoad, runReportLoadJob, type ReportLoadJobDeps } from './report-load-jobs.ts';

export interface ReportLoadWorkerSettings {
  /** Loads one process runs at once (loads of one tenant still run one at a time). */
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  retry: { baseMs: number; capMs: number };
  /** The safety-net poll; a job queued in this process wakes the worker at once. */
  pollMs: number;
  /** Days a finished (completed or failed) job is kept after it ended, then deleted. */
  retentionDays: number;
}

/**
 * The job table as the work queue sees it, oldest first. A job claimed again (its worker died
 * mid-load) starts over: its progress is reset, its load's transaction was rolled back with it.
 * Attempts spent end it `failed`, the state callers know.
 */
export const REPORT_LOAD_QUEUE: WorkQueueTable = {
  schema: 'analytics',
  table: 'report_load_job',
  columns: { state: 'status' },
  readyStates: ['queued', 'running'],
  failedState: 'failed',
  deadState: 'failed',
  orderBy: '"created_at"',
  claimSet: `"status" = 'running', "started_at" = now(), "progress_at" = null, "phase" = null, "bytes_read" = 0, "rows_read" = 0, "updated_at" = now()`,
};

/**
 * The report load worker, stopped with the service like a consumer (before the ORM closes). Beside
 * the queue, at its start and then hourly, it deletes the jobs that ended past their retention.
 */
export const startReportLoadWorker = (deps: ReportLoadJobDeps, settings: ReportLoadWorkerSettings): EventConsumer => {
  const logger = deps.logger.child({ worker: 'report-loads' });
  // A finance load's source may be queued again once its job is gone: that loads the same bytes again and replaces
  // the earlier load (same SHA-256).
  const retention = startFinishedJobsRetention({
    name: 'report-load-job-retention',
    orm: deps.orm,
    table: '"analytics"."report_load_job"',
    retentionDays: settings.retentionDays,
    what: 'report load jobs',
    logger,
  });
  const queue = startWorkQueue({
    name: 'report-loads',
    orm: deps.orm,
    table: REPORT_LOAD_QUEUE,
    logger,
    concurrency: settings.concurrency,
    leaseMs: settings.leaseMs,
    maxAttempts: settings.maxAttempts,
    backoff: settings.retry,
    pollMs: settings.pollMs,
    wakeOnCommitOf: [ReportLoadJob],
    work: async (item, lease) => {
      const job = await runReportLoadJob({ ...deps, logger }, item, lease);
      logger.info({ report_load_job_id: job.id, rows: job.rowsRead, attempt: item.attempt }, 'report load finished');
    },
    onGiveUp: (tx, item, end) => endGivenUpReportLoad(tx, item, end),
  });
  return {
    async stop() {
      await Promise.all([retention.stop(), queue.stop()]);
    },
  };
};
