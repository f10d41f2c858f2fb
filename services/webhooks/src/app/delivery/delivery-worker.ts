import type { MikroORM } from '@mikro-orm/postgresql';
import { startWorkQueue, type Logger, type WorkQueueTable } from '@sv/platform';
import { Delivery } from '../../db/entities/delivery.entity.ts';
import { attemptDelivery, recordGivenUp, type AttemptDeps } from './attempt-delivery.ts';
import { loadClaimedDelivery } from './claimed-delivery.ts';
import { finalAttemptOf } from './delivery-faults.ts';
import { webhookAttempts, webhookRetries } from './delivery-metrics.ts';

export interface WorkerSettings {
  /** The safety-net poll; a test event queued in this process wakes the worker at once. */
  tickMs: number;
  concurrency: number;
  perSubscription: number;
  /** How long a claim keeps other replicas away without renewal: longer than an attempt takes. */
  leaseMs: number;
}

export interface DeliveryWorker {
  /** Claims now instead of at the next poll (deliveries were just committed). */
  wake(): void;
  /** Stops claiming, then waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
}

/**
 * The delivery table as the kit's work queue sees it: pending deliveries, due ones first. A
 * delivery is claimable only while its subscription holds fewer than `perSubscription` leases,
 * counting those of every replica and the due deliveries ahead of it in the same claim, so one
 * slow receiver cannot take every slot. Given up, a delivery is `failed` (the API's one end).
 */
export const deliveryQueueTable = (perSubscription: number): WorkQueueTable => ({
  schema: 'webhooks',
  table: 'delivery',
  columns: { state: 'status', leaseUntil: 'claimed_until' },
  readyStates: ['pending'],
  failedState: 'failed',
  deadState: 'failed',
  orderBy: '"next_attempt_at", "id"',
  claimableWhere: `(select count(*) from "webhooks"."delivery" ahead
      where ahead."subscription_id" = "delivery"."subscription_id" and ahead."status" = 'pending'
        and (ahead."claimed_until" > now()
          or (ahead."next_attempt_at" <= now() and (ahead."claimed_until" is null or ahead."claimed_until" <= now())
            and (ahead."next_attempt_at", ahead."id") < ("delivery"."next_attempt_at", "delivery"."id")))) < ${Math.floor(perSubscription)}`,
});

/**
 * The delivery loop on the kit's work queue: each process runs up to `concurrency` attempts at
 * once, each under a lease on the database clock renewed while it runs. All state is in
 * Postgres, so retries survive restarts and any number of replicas run side by side.
 */
export const startDeliveryWorker = (orm: MikroORM, deps: AttemptDeps, settings: WorkerSettings, logger: Logger): DeliveryWorker => {
  const log = logger.child({ worker: 'webhook-delivery' });
  return startWorkQueue({
    name: 'webhook-deliveries',
    orm,
    table: deliveryQueueTable(settings.perSubscription),
    logger: log,
    concurrency: settings.concurrency,
    leaseMs: settings.leaseMs,
    maxAttempts: deps.policy.maxAttempts,
    backoff: { baseMs: deps.policy.baseMs, capMs: deps.policy.capMs },
    pollMs: settings.tickMs,
    // A delivery created through the ORM here (the test route) is claimed as soon as it commits.
    wakeOnCommitOf: [Delivery],
    work: async (item, lease) => {
      const em = orm.em.fork();
      const delivery = await loadClaimedDelivery(em, item);
      if (!delivery) return;
      if (delivery.attempt > 1) webhookRetries.inc();
      try {
        const verdict = await attemptDelivery(em, deps, delivery, lease);
        webhookAttempts.inc({ outcome: verdict.status === 'pending' ? 'retry' : verdict.status });
        log.debug({ event_id: delivery.eventId, attempt: delivery.attempt, outcome: verdict.status }, 'delivery attempted');
      } catch (error) {
        if (finalAttemptOf(error)) webhookAttempts.inc({ outcome: 'failed' });
        throw error;
      }
    },
    onGiveUp: (tx, item, end) => recordGivenUp(tx, item.id, finalAttemptOf(end.cause)),
  });
};
