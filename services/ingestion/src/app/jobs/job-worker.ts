import type { MikroORM } from '@mikro-orm/postgresql';
import { startScheduledJob } from '@sv/platform';
import type { Logger } from 'pino';
import { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import { claimJobs, releaseJob } from './job-claims.ts';
import { runJob, type JobRunDeps } from './run-job.ts';

export interface JobWorkerSettings {
  tickMs: number;
  /** Jobs one process runs at once. */
  jobs: number;
}

export interface JobWorker {
  /** Stops claiming, then waits for the jobs in flight to reach a saved point. */
  stop(): Promise<void>;
}

/** How long a job whose run stopped on a passing failure (the catalogue away) waits before its next try. */
const RETRY_DELAY_MS = 5_000;

/**
 * The job loop: every tick it claims as many unfinished jobs as it has room for and runs them
 * without waiting for one another. Every replica runs it; the claims keep them apart.
 */
export const startJobWorker = (orm: MikroORM, deps: JobRunDeps, settings: JobWorkerSettings, logger: Logger): JobWorker => {
  const log = logger.child({ worker: 'ingestion-jobs' });
  const inFlight = new Set<Promise<void>>();

  const run = (jobId: string): void => {
    const em = orm.em.fork();
    const running = (async () => {
      const job = await em.findOneOrFail(IngestionJob, { id: jobId });
      await runJob(em, deps, job);
      log.info({ ingestion_job_id: jobId, state: job.state, done: job.itemsDone, failed: job.itemsFailed }, 'ingestion job finished');
    })().catch(async (error: unknown) => {
      log.warn({ err: error, ingestion_job_id: jobId }, 'ingestion job stopped; it is tried again');
      await releaseJob(orm.em.fork(), jobId, RETRY_DELAY_MS, deps.now()).catch(() => undefined);
    });
    const tracked = running.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const tick = async (): Promise<void> => {
    for (const jobId of await claimJobs(orm.em.fork(), settings.jobs - inFlight.size, deps.leaseMs, deps.now())) run(jobId);
  };

  // Not leased: each replica claims its own jobs (SKIP LOCKED, with a lease per job).
  const claiming = startScheduledJob({ name: 'ingestion-jobs', intervalMs: settings.tickMs, lease: false, logger: log, run: tick });

  return {
    async stop() {
      await claiming.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
};
