import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../log/logger.ts';
import { backoffDelayMs } from '../queue/backoff.ts';
import { runLeased } from './job-lease.ts';

/** Failures in a row stretch the wait up to this (or the interval, when that is longer). */
const LONGEST_BACKOFF_MS = 30_000;

export interface ScheduledJobOptions {
  /** Names the job in the logs and, when leased, in its lease (with the ORM's schema). */
  name: string;
  /** The wait between the end of one run and the start of the next. */
  intervalMs: number;
  /**
   * One run. Resolving `true` says it left work behind (a full batch): the next run starts at
   * once instead of after the interval.
   */
  run: () => Promise<boolean | void>;
  /**
   * Every caller decides: `{ orm }` runs the job on one replica at a time (work that must not run
   * twice at once); `false` runs it on every replica (work already shared out safely, e.g. rows
   * claimed with FOR UPDATE SKIP LOCKED).
   */
  lease: { orm: MikroORM } | false;
  logger: Logger;
  /** The longest wait after failures in a row; default the interval or 30 s, whichever is longer. */
  longestBackoffMs?: number;
}

export interface ScheduledJob {
  /**
   * Runs the job now instead of at the end of the wait (work was just queued); a run in progress
   * is followed by another at once.
   */
  wake(): void;
  /** Stops scheduling and waits for the run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` until stopped, one run at a time in this process, the first at
 * once. A failing run is logged and the loop goes on after the kit's backoff (see nextWaitMs).
 */
export const startScheduledJob = (options: ScheduledJobOptions): ScheduledJob => {
  const { name, intervalMs, logger, lease } = options;
  const longestBackoffMs = options.longestBackoffMs ?? Math.max(intervalMs, LONGEST_BACKOFF_MS);
  let stopping = false;
  let woken = false;
  let failuresInRow = 0;
  let endWait: (() => void) | undefined;

  /** Whether work was left behind; a run skipped for another replica's lease left none here. */
  const runOnce = async (): Promise<boolean> => {
    if (!lease) return (await options.run()) === true;
    const leased = await runLeased(lease.orm, name, logger, options.run);
    return leased.ran && leased.result === true;
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => endWait?.(), ms);
      endWait = () => {
        clearTimeout(timer);
        endWait = undefined;
        resolve();
      };
    });

  // After failures, the kit's one backoff (full jitter up to the doubled interval, capped), but
  // never less than the interval itself: a poll loop against a database that is away must not spin.
  const nextWaitMs = () =>
    failuresInRow === 0 ? intervalMs : Math.max(intervalMs, backoffDelayMs(failuresInRow, { baseMs: intervalMs, capMs: longestBackoffMs }));

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      let workLeft = false;
      try {
        workLeft = await runOnce();
        failuresInRow = 0;
      } catch (error) {
        failuresInRow += 1;
        logger.warn({ err: error, job: name, failures_in_row: failuresInRow, retry_in_ms: nextWaitMs() }, `${name} failed; trying again after a pause`);
      }
      if (!stopping && !woken && !workLeft) await wait(nextWaitMs());
    }
  })();

  return {
    wake() {
      woken = true;
      endWait?.();
    },
    async stop() {
      stopping = true;
      endWait?.();
      await loop;
    },
  };
};
