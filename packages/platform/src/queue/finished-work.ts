import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Logger } from '../log/logger.ts';
import { startScheduledJob, type ScheduledJob } from '../scheduling/scheduled-job.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A job table's retention in days as a service's config reads it: 1 to 3650 (ten years), 30 unless told otherwise. */
export const finishedJobsRetentionDays = z.coerce.number().int().min(1).max(3_650).default(30);

/** Jobs deleted per statement by the retention: a long backlog goes in short statements, not one long lock. */
export const FINISHED_JOBS_BATCH = 1_000;

/**
 * The ids of up to a batch of a job table's jobs that ended before a moment (parameters: the
 * moment, the batch size), as the retention looks them up: a job table keeps a partial index on
 * `finished_at` with this predicate, so the lookup reads only the ended jobs.
 */
export const finishedJobsLookup = (table: string): string =>
  `select "id" from ${table} where "status" in ('completed', 'failed') and "finished_at" < ? limit ?`;

/**
 * Deletes up to `batch` rows of a job table (`"schema"."table"`, a trusted identifier) whose job
 * ended (`status` completed or failed) before `before`; answers how many went. A queued or running
 * job is never deleted: the state is checked again on the row itself, so a job a worker just took
 * is left. Batches keep a long backlog in short statements rather than one long lock.
 */
export const deleteFinishedJobs = async (em: EntityManager, table: string, before: Date, batch: number): Promise<number> => {
  const deleted = await em.execute<{ id: string }[]>(
    `delete from ${table}
      where "status" in ('completed', 'failed') and "finished_at" < ?
        and "id" in (${finishedJobsLookup(table)})
      returning "id"`,
    [before, before, batch],
  );
  return deleted.length;
};

export interface FinishedJobsRetention {
  /** Names the scheduled job (and its lease). */
  name: string;
  orm: MikroORM;
  /** The job table, `"schema"."table"` (a trusted identifier), with `status` and `finished_at`. */
  table: string;
  /** Days a job is kept after it ended. */
  retentionDays: number;
  /** The jobs as the log names them, e.g. `report load jobs`. */
  what: string;
  logger: Logger;
}

/**
 * At its start and then hourly, on one replica at a time, deletes the jobs of `table` that ended
 * more than `retentionDays` ago, a batch per statement until none is left (see deleteFinishedJobs).
 */
export const startFinishedJobsRetention = (options: FinishedJobsRetention): ScheduledJob => {
  const { orm, table, logger } = options;
  return startScheduledJob({
    name: options.name,
    intervalMs: HOUR_MS,
    // Leased: one replica deleting the old jobs is enough.
    lease: { orm },
    logger,
    run: async () => {
      const deleted = await deleteFinishedJobs(orm.em.fork(), table, new Date(Date.now() - options.retentionDays * DAY_MS), FINISHED_JOBS_BATCH);
      if (deleted > 0) logger.info({ deleted }, `finished ${options.what} past their retention deleted`);
      // A full batch may have left more: the next run follows at once.
      return deleted === FINISHED_JOBS_BATCH;
    },
  });
};
