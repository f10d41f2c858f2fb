import type { MikroORM } from '@mikro-orm/postgresql';
import { startScheduledJob } from '@sv/platform';
import type { Logger } from 'pino';
import { attemptDelivery, type AttemptDeps } from './attempt-delivery.ts';
import { claimDueDeliveries, type ClaimedDelivery } from './claim.ts';
import { webhookAttempts, webhookRetries } from './delivery-metrics.ts';

export interface WorkerSettings {
  tickMs: number;
  concurrency: number;
  perSubscription: number;
  /** How long a claim keeps other replicas away: longer than any attempt can take. */
  leaseMs: number;
}

export interface DeliveryWorker {
  /** Stops claiming, then waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
}

/**
 * The delivery loop: every tick it claims as many due deliveries as it has free slots and runs
 * their attempts without waiting for one another. All state is in Postgres, so retries survive
 * restarts and any number of replicas can run this loop side by side.
 */
export const startDeliveryWorker = (orm: MikroORM, deps: AttemptDeps, settings: WorkerSettings, logger: Logger): DeliveryWorker => {
  const log = logger.child({ worker: 'webhook-delivery' });
  const inFlight = new Set<Promise<void>>();

  const run = (delivery: ClaimedDelivery): void => {
    const attempt = attemptDelivery(orm.em.fork(), deps, delivery).then(
      (verdict) => {
        webhookAttempts.inc({ outcome: verdict.status === 'pending' ? 'retry' : verdict.status });
        if (delivery.attempt > 1) webhookRetries.inc();
        log.debug({ event_id: delivery.eventId, attempt: delivery.attempt, outcome: verdict.status }, 'delivery attempted');
      },
      (error: unknown) => log.error({ err: error, delivery_id: delivery.id }, 'delivery attempt could not be recorded; it is retried when its lease ends'),
    );
    const tracked = attempt.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const tick = async (): Promise<void> => {
    const room = settings.concurrency - inFlight.size;
    const claimed = await claimDueDeliveries(
      orm.em.fork(),
      { room, perSubscription: settings.perSubscription, leaseMs: settings.leaseMs },
      new Date(deps.now()),
    );
    for (const delivery of claimed) run(delivery);
  };

  // Not leased: each replica claims its own deliveries (SKIP LOCKED, with a lease per delivery).
  const claiming = startScheduledJob({ name: 'webhook-delivery', intervalMs: settings.tickMs, lease: false, logger: log, run: tick });

  return {
    async stop() {
      await claiming.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
};
