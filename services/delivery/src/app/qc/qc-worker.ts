import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { startPeriodicLoop, type PeriodicLoop } from '../workers/periodic-loop.ts';
import { claimQcRun, runQc, type QcDeps } from './qc.service.ts';

/**
 * Runs queued QC runs, one at a time per replica (decoding audio is the heavy part). Woken as
 * soon as a run is queued, so QC starts within seconds of the approval; a run whose replica died
 * is taken up again when its lease ends.
 */
export const startQcWorker = (orm: MikroORM, deps: QcDeps, settings: { tickMs: number; leaseMs: number }, logger: Logger): PeriodicLoop =>
  startPeriodicLoop(
    'qc',
    settings.tickMs,
    async () => {
      for (;;) {
        const run = await claimQcRun(orm.em.fork(), settings.leaseMs);
        if (!run) return;
        try {
          await runQc(orm.em.fork(), deps, run);
        } catch (error) {
          // Left leased: it runs again once the lease ends (the catalogue or a store may be back by then).
          logger.warn({ err: error, release_id: run.releaseId }, 'qc run could not finish; retried when its lease ends');
          return;
        }
      }
    },
    logger,
  );
