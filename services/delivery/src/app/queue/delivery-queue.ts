import type { MikroORM } from '@mikro-orm/postgresql';
import { startWorkQueue, type Logger, type WorkQueue, type WorkQueueTable } from '@sv/platform';
import { endGivenUpDelivery, sendDelivery, type SendDeps } from './send-delivery.ts';

export interface DeliveryQueueSettings {
  /** The safety-net poll; a queued delivery wakes the queue of its process at once. */
  tickMs: number;
  /** How long a claim holds a delivery without renewal; renewed while its bundle uploads. */
  leaseMs: number;
  /** How often the lease is renewed; default a third of the lease. */
  renewEveryMs?: number;
  /** Deliveries sent at once by one replica. */
  concurrency: number;
}

/**
 * The delivery table as the kit's work queue sees it. A delivery is claimed when queued (or
 * sending, its worker gone) and due, and is `sending` while an attempt holds it. Whether given
 * up for a fault of its own or for its attempts spent, it ends `failed`, the state the API knows.
 */
export const DELIVERY_QUEUE: WorkQueueTable = {
  schema: 'delivery',
  table: 'delivery',
  columns: { leaseUntil: 'claimed_until' },
  readyStates: ['queued', 'sending'],
  failedState: 'failed',
  deadState: 'failed',
  claimSet: `"state" = 'sending', "updated_at" = now()`,
};

/**
 * The delivery queue on the kit's work queue: every replica claims due deliveries (each claim one
 * attempt), sends up to `concurrency` at once with their leases renewed while they upload, and
 * retries transport failures with the kit's backoff until the attempts run out.
 */
export const startDeliveryQueue = (orm: MikroORM, deps: SendDeps, settings: DeliveryQueueSettings, logger: Logger): WorkQueue =>
  startWorkQueue({
    name: 'delivery-queue',
    orm,
    table: DELIVERY_QUEUE,
    logger,
    concurrency: settings.concurrency,
    leaseMs: settings.leaseMs,
    ...(settings.renewEveryMs === undefined ? {} : { renewEveryMs: settings.renewEveryMs }),
    maxAttempts: deps.retry.maxAttempts,
    backoff: { baseMs: deps.retry.baseMs, capMs: deps.retry.capMs },
    pollMs: settings.tickMs,
    work: async (item, lease) => void (await sendDelivery(orm.em.fork(), deps, item, lease)),
    onGiveUp: (tx, item, end) => endGivenUpDelivery(tx, item, end),
  });
