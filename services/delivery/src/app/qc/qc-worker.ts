import type { MikroORM } from '@mikro-orm/postgresql';
import { startScheduledJob, type ScheduledJob } from '@sv/platform';
import type { Logger } from 'pino';
import { claimQcRun, postponeQcRun, runQc, type QcDeps } from './qc.service.ts';

/**
 * Runs queued QC runs, one at a time per replica (decoding audio is the heavy part). Woken as
 * soon as a run is queued, so QC starts within seconds of the approval; a run whose replica died
 * is taken up again when its lease ends, and one that could not finish is retried with backoff.
 */
export const startQcWorker = (orm: MikroORM, deps: QcDeps, settings: { tickMs: number; leaseMs: number }, logger: Logger): ScheduledJob =>
  startScheduledJob({
    name: 'qc',
    intervalMs: settings.tickMs,
    // Not leased: runs are claimed one by one (SKIP LOCKED), so replicas share the queue.
    lease: false,
    logger,
    run: async () => {
      for (;;) {
        const run = await claimQcRun(orm.em.fork(), settings.leaseMs);
        if (!run) return;
        try {
          await runQc(orm.em.fork(), deps, run);
        } catch (error) {
          // The catalogue or supply-chain may be back shortly: try again soon, then less often.
          const delayMs = Math.min(15_000 * 2 ** Math.max(0, run.attempts - 1), 600_000);
          logger.warn({ err: error, release_id: run.releaseId, retry_in_ms: delayMs }, 'qc run could not finish; it will be tried again');
          await postponeQcRun(orm.em.fork(), run.id, delayMs).catch(() => undefined);
          return;
        }
      }
    },
  });
