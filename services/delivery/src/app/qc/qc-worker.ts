import type { MikroORM } from '@mikro-orm/postgresql';
import { startWorkQueue, type Logger, type WorkQueue, type WorkQueueTable } from '@sv/platform';
import { QcRun } from '../../db/entities/qc-run.entity.ts';
import { endGivenUpQcRun, runQc, type QcDeps } from './qc.service.ts';

export interface QcWorkerSettings {
  /** The safety-net poll; a queued run wakes the worker of its process at once. */
  tickMs: number;
  leaseMs: number;
  /** How often the lease is renewed while a run decodes; default a third of the lease. */
  renewEveryMs?: number;
  maxAttempts: number;
  retry: { baseMs: number; capMs: number };
}

/**
 * The QC run table as the kit's work queue sees it: runs are taken oldest first and are
 * `running` while a worker holds them. A run has no fault of its own (what QC finds is its
 * decision); one whose attempts run out without deciding ends `dead` with the last error.
 */
export const QC_RUN_QUEUE: WorkQueueTable = {
  schema: 'delivery',
  table: 'qc_run',
  columns: { leaseUntil: 'claimed_until' },
  readyStates: ['queued', 'running'],
  failedState: 'dead',
  deadState: 'dead',
  orderBy: '"created_at"',
  claimSet: `"state" = 'running', "updated_at" = now()`,
};

/**
 * Runs queued QC runs on the kit's work queue, one at a time per replica (decoding audio is the
 * heavy part). Woken as soon as a run is queued, so QC starts within seconds of the approval; a
 * run whose replica died is taken up again when its lease ends, and one that could not finish (a
 * service did not answer) is retried with the kit's backoff until its attempts run out.
 */
export const startQcWorker = (orm: MikroORM, deps: QcDeps, settings: QcWorkerSettings, logger: Logger): WorkQueue =>
  startWorkQueue({
    name: 'qc-runs',
    orm,
    table: QC_RUN_QUEUE,
    logger,
    concurrency: 1,
    leaseMs: settings.leaseMs,
    ...(settings.renewEveryMs === undefined ? {} : { renewEveryMs: settings.renewEveryMs }),
    maxAttempts: settings.maxAttempts,
    backoff: settings.retry,
    pollMs: settings.tickMs,
    work: async (item, lease) => {
      const em = orm.em.fork();
      const run = await em.findOneOrFail(QcRun, { id: item.id });
      await runQc(em, deps, run, lease);
    },
    onGiveUp: async (tx, item, end) => {
      await endGivenUpQcRun(tx, item.id);
      // Nothing was decided: the release waits in qc_inspection until QC is queued for it again.
      logger.error({ qc_run_id: item.id, attempts: end.attempts, error: end.error }, 'qc run gave up after its attempts; the release was not decided');
    },
  });
