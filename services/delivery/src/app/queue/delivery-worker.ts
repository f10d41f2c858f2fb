import type { MikroORM } from '@mikro-orm/postgresql';
import { startScheduledJob, type ScheduledJob } from '@sv/platform';
import type { Logger } from 'pino';
import { claimDueDeliveries } from './claim.ts';
import { deliveryAttemptDuration, deliveryAttempts } from './queue-metrics.ts';
import { sendDelivery, type SendDeps } from './send-delivery.ts';

export interface DeliveryWorkerSettings {
  tickMs: number;
  leaseMs: number;
  /** Deliveries sent at once by one replica. */
  concurrency: number;
}

/**
 * The delivery queue's loop: every tick (every minute, and at once when something is queued) it
 * claims due deliveries and sends them. All state is in Postgres; replicas share the work.
 */
export const startDeliveryWorker = (orm: MikroORM, deps: SendDeps, settings: DeliveryWorkerSettings, logger: Logger): ScheduledJob =>
  startScheduledJob({
    name: 'delivery-queue',
    intervalMs: settings.tickMs,
    // Not leased: deliveries are claimed with SKIP LOCKED and a lease each, so replicas share them.
    lease: false,
    logger,
    run: async () => {
      for (;;) {
        const claimed = await claimDueDeliveries(orm.em.fork(), settings.concurrency, settings.leaseMs);
        if (claimed.length === 0) return;
        await Promise.all(
          claimed.map(async (delivery) => {
            const timer = deliveryAttemptDuration.startTimer();
            const outcome = await sendDelivery(orm.em.fork(), deps, delivery);
            timer({ outcome });
            deliveryAttempts.inc({ kind: delivery.kind, outcome });
          }),
        );
      }
    },
  });
