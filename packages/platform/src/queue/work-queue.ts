import type { EntityManager, EntityName, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../log/logger.ts';
import { startScheduledJob } from '../scheduling/scheduled-job.ts';
import { wakeOnCommit } from './commit-wake.ts';
import { backoffDelayMs, type BackoffPolicy } from './backoff.ts';
import { DeterministicFault, LeaseLostError, faultText } from './faults.ts';
import { workQueueBacklog, workQueueClaims, workQueueInFlight, workQueueOutcomes } from './queue-metrics.ts';
import { withTimeout } from './timeout.ts';
import { WorkTable, type ClaimedItem, type WorkQueueTable } from './work-table.ts';

/**
 * One durable work queue over a service's own table.
 *
 * The service keeps its rows, its schema and its state machine; it names the table, the states
 * that mean "to do", the failed and dead states, and (when they differ from the defaults) the
 * columns the queue keeps: attempts (int not null default 0), lease_until (timestamptz null),
 * last_error (text null), next_attempt_at (timestamptz not null default now()). The queue:
 * - claims due rows with FOR UPDATE SKIP LOCKED, up to `concurrency` per process, and leases them
 *   on the database clock; each claim is one attempt, and its number is the lease's token;
 * - renews the lease every `renewEveryMs` while `work` runs; a worker that finds its lease gone
 *   (it ran out and another worker claimed the item) aborts `lease.signal` and writes nothing more;
 * - runs the service's writes through `lease.commit(tx => ...)`, one transaction fenced by the
 *   token, so a worker that lost the item can never record its end;
 * - lets the lease go, and clears the earlier attempts' error, in the very commit whose write moves
 *   the row out of its ready states (the service's end of the item), so no reader ever sees an
 *   ended item still leased or with a stale error; that commit is the attempt's last write;
 * - on `work` resolving with the row still in a ready state, lets the lease go (it is simply
 *   claimed again);
 * - on a DeterministicFault, ends the item in the failed state at once, with the fault's message;
 * - on any other error, retries after the kit's backoff (full jitter, capped), and once
 *   `maxAttempts` are spent ends it in the dead state with the last error; `onGiveUp` writes the
 *   service's side of either end (its error field, its events) in the same transaction;
 * - is woken by `wake()`, and by the commit of new rows of `wakeOnCommitOf` (see wakeOnCommit), and polls every
 *   `pollMs` only as a safety net (rows of other replicas, retries coming due);
 * - on `stop()`, stops claiming, aborts the signals of the items in flight, waits for their work
 *   to return, and hands back at once the items whose work did not finish.
 */
export interface WorkQueueOptions {
  /** Names the queue in logs and metrics, e.g. `ingestion-jobs`. */
  name: string;
  orm: MikroORM;
  table: WorkQueueTable;
  logger: Logger;
  /** Items one process works on at once. */
  concurrency: number;
  /** How long a claim holds an item without renewal. */
  leaseMs: number;
  /** How often a held lease is renewed; default a third of the lease. */
  renewEveryMs?: number;
  /** Attempts (claims) an item gets before it is dead. */
  maxAttempts: number;
  backoff: BackoffPolicy;
  /** The safety-net poll; wake() is the usual way work is noticed. */
  pollMs: number;
  /** Entities whose rows are this queue's work: a commit in this process that creates one wakes it (see wakeOnCommit). */
  wakeOnCommitOf?: EntityName[];
  /** The work of one item. Throw DeterministicFault to fail it at once; any other error is retried. */
  work: (item: ClaimedItem, lease: WorkLease) => Promise<void>;
  /** The service's side of an item's end as failed or dead, in the transaction that sets the state. */
  onGiveUp?: (tx: EntityManager, item: ClaimedItem, end: WorkGiveUp) => Promise<void> | void;
}

/** Why an item was given up: a deterministic fault (failed) or attempts spent (dead), with the error. */
export interface WorkGiveUp {
  outcome: 'failed' | 'dead';
  /** The text kept in the last-error column. */
  error: string;
  /** The error thrown, when there was one (none when the item came back after its workers' leases ran out). */
  cause: unknown;
  attempts: number;
}

/** What `work` gets beside the item: the lease's abort signal and its fenced commit. */
export interface WorkLease {
  /** Aborted when the lease is lost or the queue stops; its reason says which. */
  readonly signal: AbortSignal;
  /**
   * Runs `write` in one transaction that first checks (and renews) this worker's lease; throws
   * LeaseLostError, writing nothing, when another worker has the item now. The transaction is
   * opened on `em` when given (its managed entities' changes are flushed with it), else on a fork.
   * When the write moves the item out of its ready states, the same transaction lets the lease go
   * and clears the last error; a later commit of the attempt then throws LeaseLostError.
   */
  commit<T>(write: (tx: EntityManager) => Promise<T> | T, em?: EntityManager): Promise<T>;
}

export interface WorkQueue {
  readonly name: string;
  /** Claims now instead of at the next poll (work was just committed). */
  wake(): void;
  /** Ready items no worker holds. */
  backlog(): Promise<number>;
  /** Stops claiming, aborts the work in flight and waits for it to return. */
  stop(): Promise<void>;
}

/** The kit's own fenced commit of an attempt, without the release that follows a service's end of the item. */
type FencedCommit = <T>(write: (tx: EntityManager) => Promise<T> | T, em?: EntityManager) => Promise<T>;

/** Why a queue aborted an item's signal because it is stopping. */
export class QueueStoppingError extends Error {
  override name = 'QueueStoppingError';
}

const LEASE_LOST = 'lease_lost';

export const startWorkQueue = (options: WorkQueueOptions): WorkQueue => {
  const { name, orm, logger, leaseMs, maxAttempts } = options;
  const renewEveryMs = options.renewEveryMs ?? Math.max(1, Math.floor(leaseMs / 3));
  const table = new WorkTable(options.table);
  const log = logger.child({ queue: name });
  const inFlight = new Set<Promise<void>>();
  const controllers = new Set<AbortController>();
  let stopping = false;

  const giveUp = async (fenced: FencedCommit, item: ClaimedItem, outcome: 'failed' | 'dead', cause: unknown): Promise<void> => {
    const error = cause === undefined ? (item.lastError ?? `its worker stopped without finishing ${maxAttempts} times`) : faultText(cause);
    await fenced(async (tx) => {
      await table.end(tx, item, outcome, error);
      await options.onGiveUp?.(tx, item, { outcome, error, cause, attempts: item.attempt });
    });
    workQueueOutcomes.inc({ queue: name, outcome });
    log.warn({ item: item.id, attempt: item.attempt, outcome, error }, outcome === 'dead' ? `${name}: attempts spent, the item is dead` : `${name}: the item failed`);
  };

  /** Renews on a timer until stopped; a renewal that finds the item gone aborts the work. */
  const keepLease = (item: ClaimedItem, controller: AbortController, ended: () => boolean): (() => void) => {
    let timer: NodeJS.Timeout | undefined;
    let over = false;
    const schedule = () => {
      timer = setTimeout(async () => {
        try {
          const held = await withTimeout(table.renew(orm.em.fork(), item, leaseMs), renewEveryMs, `${name}: renewing the lease of ${item.id}`);
          // A lease let go with the item's end is not lost: the work is merely returning.
          if (!held && !over && !ended()) controller.abort(new LeaseLostError(name, item.id));
        } catch (error) {
          // The database is away: the lease may yet hold; the fence keeps a late write out if not.
          log.warn({ err: error, item: item.id }, `${name}: a lease renewal failed; trying again`);
        }
        if (!over && !controller.signal.aborted) schedule();
      }, renewEveryMs);
    };
    schedule();
    return () => {
      over = true;
      clearTimeout(timer);
    };
  };

  const attempt = async (item: ClaimedItem): Promise<void> => {
    const controller = new AbortController();
    controllers.add(controller);
    // Set by the commit whose write ended the item and let the lease go with it.
    let ended = false;
    const fenced: FencedCommit = async (write, em) => {
      try {
        return await table.fenced(em ?? orm.em.fork(), name, item, leaseMs, write);
      } catch (error) {
        if (error instanceof LeaseLostError) controller.abort(error);
        throw error;
      }
    };
    const lease: WorkLease = {
      signal: controller.signal,
      commit: (write, em) =>
        fenced(async (tx) => {
          const result = await write(tx);
          // The managed entities' changes first: the state they set says whether the item ended.
          await tx.flush();
          if (await table.releaseIfEnded(tx, item)) ended = true;
          return result;
        }, em),
    };
    const stopRenewing = keepLease(item, controller, () => ended);
    workQueueInFlight.inc({ queue: name });
    try {
      // Claimed again after its workers' leases ran out time after time (a crash each time).
      if (item.attempt > maxAttempts) {
        await giveUp(fenced, item, 'dead', undefined);
        return;
      }
      try {
        await options.work(item, lease);
        if (!ended) await fenced((tx) => table.release(tx, item));
        workQueueOutcomes.inc({ queue: name, outcome: 'completed' });
      } catch (error) {
        const reason: unknown = controller.signal.reason;
        if (error instanceof LeaseLostError) throw error;
        if (reason instanceof LeaseLostError) throw reason;
        if (reason instanceof QueueStoppingError) {
          await fenced((tx) => table.letGo(tx, item));
          workQueueOutcomes.inc({ queue: name, outcome: 'released' });
          return;
        }
        if (error instanceof DeterministicFault) return await giveUp(fenced, item, 'failed', error);
        if (item.attempt >= maxAttempts) return await giveUp(fenced, item, 'dead', error);
        // The first retry waits up to the base; each one after doubles the ceiling.
        const delayMs = backoffDelayMs(item.attempt - 1, options.backoff);
        await fenced((tx) => table.retry(tx, item, delayMs, faultText(error)));
        workQueueOutcomes.inc({ queue: name, outcome: 'retried' });
        log.warn({ err: error, item: item.id, attempt: item.attempt, retry_in_ms: delayMs }, `${name}: an attempt failed; it is tried again`);
      }
    } catch (error) {
      if (error instanceof LeaseLostError) {
        workQueueOutcomes.inc({ queue: name, outcome: LEASE_LOST });
        log.warn({ item: item.id, attempt: item.attempt }, `${name}: the lease was lost; this worker stopped and wrote nothing more`);
        return;
      }
      // The end could not be recorded (the database is away): the lease runs out and the item is claimed again.
      log.error({ err: error, item: item.id, attempt: item.attempt }, `${name}: the end of an attempt could not be recorded`);
    } finally {
      stopRenewing();
      controllers.delete(controller);
      workQueueInFlight.dec({ queue: name });
    }
  };

  const start = (item: ClaimedItem): void => {
    workQueueClaims.inc({ queue: name });
    const running = attempt(item).finally(() => {
      inFlight.delete(running);
      if (!stopping) claiming.wake();
    });
    inFlight.add(running);
  };

  const claiming = startScheduledJob({
    name,
    intervalMs: options.pollMs,
    // Not leased: every replica claims, kept apart by SKIP LOCKED and the item leases.
    lease: false,
    logger: log,
    run: async () => {
      if (stopping) return false;
      const room = options.concurrency - inFlight.size;
      const items = await table.claim(orm.em.fork(), room, leaseMs);
      for (const item of items) start(item);
      return room > 0 && items.length === room;
    },
  });

  const removeBacklog = workQueueBacklog.addSource(async () => [{ labels: { queue: name }, value: await table.backlog(orm.em.fork()) }]);

  const waking = options.wakeOnCommitOf ? wakeOnCommit(orm, options.wakeOnCommitOf, () => claiming.wake()) : undefined;

  return {
    name,
    wake: () => claiming.wake(),
    backlog: () => table.backlog(orm.em.fork()),
    async stop() {
      stopping = true;
      waking?.stop();
      removeBacklog();
      await claiming.stop();
      for (const controller of controllers) controller.abort(new QueueStoppingError(`${name} is stopping`));
      await Promise.allSettled([...inFlight]);
    },
  };
};
