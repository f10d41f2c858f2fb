import type { MikroORM } from '@mikro-orm/postgresql';
import { startWorkQueue, type Logger, type WorkQueueTable } from '@sv/platform';
import { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import { endGivenUpJob, runJob, type JobRunDeps } from './run-job.ts';

export interface JobWorkerSettings {
  /** The safety-net poll; a new job wakes the worker of its process at once. */
  tickMs: number;
  /** Jobs one process runs at once. */
  jobs: number;
  leaseMs: number;
  renewMs: number;
  maxAttempts: number;
  retry: { baseMs: number; capMs: number };
}

export interface JobWorker {
  /** Stops claiming, stops the jobs in flight at their next step and hands them back. */
  stop(): Promise<void>;
}

/**
 * The job table as the kit's work queue sees it. Jobs are taken oldest first. A job whose
 * attempts run out ends `failed` (the state the API knows) with the last error: the API has no
 * separate dead state.
 */
export const INGESTION_JOB_QUEUE: WorkQueueTable = {
  schema: 'ingestion',
  table: 'ingestion_job',
  columns: { leaseUntil: 'claimed_until' },
  readyStates: ['queued', 'validating', 'importing'],
  failedState: 'failed',
  deadState: 'failed',
  orderBy: '"created_at"',
};

/**
 * The job loop on the kit's work queue: each process runs up to `jobs` jobs at once, the lease
 * of each renewed while it runs; every replica runs it, the claims keep them apart.
 */
export const startJobWorker = (orm: MikroORM, deps: JobRunDeps, settings: JobWorkerSettings, logger: Logger): JobWorker => {
  const log = logger.child({ worker: 'ingestion-jobs' });
  return startWorkQueue({
    name: 'ingestion-jobs',
    orm,
    table: INGESTION_JOB_QUEUE,
    logger: log,
    concurrency: settings.jobs,
    leaseMs: settings.leaseMs,
    renewEveryMs: settings.renewMs,
    maxAttempts: settings.maxAttempts,
    backoff: settings.retry,
    pollMs: settings.tickMs,
    // A job queued in this process is claimed as soon as its transaction commits.
    wakeOnCommitOf: [IngestionJob],
    work: async (item, lease) => {
      const em = orm.em.fork();
      const job = await em.findOneOrFail(IngestionJob, { id: item.id });
      await runJob(em, deps, job, lease);
      log.info({ ingestion_job_id: job.id, state: job.state, done: job.itemsDone, failed: job.itemsFailed, attempt: item.attempt }, 'ingestion job finished');
    },
    onGiveUp: (tx, item, end) => endGivenUpJob(tx, deps, item.id, end),
  });
};
