import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from '../log/logger.ts';

/** What a leased run did: ran (and what it answered), or skipped because another replica holds the lease. */
export type LeasedRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `run` only when no other replica is running the job, and skips it otherwise.
 *
 * The lease is a session-scoped advisory lock, keyed by the job's name and the service's schema,
 * taken with the non-blocking try form on a connection of its own that is closed when the run
 * ends, so:
 * - a replica that finds it taken skips the tick at once instead of queueing behind it;
 * - it cannot outlive its holder: when a replica dies its connection closes and Postgres frees
 *   the lock with the session (a lease row would wait for its expiry, and one that expired
 *   mid-run would let a second replica start the same work);
 * - it needs no table, so it works in every service's schema as it is;
 * - it is never on a pooled connection, so a lost connection cannot leave a lock (or a pool slot)
 *   behind, and no transaction is held open while the job runs.
 * `run` does its work on the ORM's pool as usual.
 */
export const runLeased = async <T>(orm: MikroORM, job: string, logger: Logger, run: () => Promise<T>): Promise<LeasedRun<T>> => {
  const url = orm.config.get('clientUrl');
  if (!url) throw new Error(`the job ${job} is leased, but the ORM has no clientUrl to open the lease's connection with`);
  const lease = new pg.Client({ connectionString: url, application_name: `sv-lease:${job}` });
  // A lease connection lost mid-run frees the lock: say so, since another replica may now start the job too.
  lease.on('error', (error) => logger.warn({ err: error, job }, `${job}: the lease's connection was lost during a run`));
  try {
    await lease.connect();
    const key = `sv:job:${orm.config.get('schema') ?? 'public'}:${job}`;
    const { rows } = await lease.query<{ taken: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as "taken"', [key]);
    if (!rows[0]?.taken) return { ran: false };
    return { ran: true, result: await run() };
  } finally {
    // Closing the session is what frees the lock.
    await lease.end().catch(() => undefined);
  }
};
