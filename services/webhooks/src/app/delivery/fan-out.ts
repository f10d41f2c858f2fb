import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WEBHOOK_TEST_EVENT, matchesEventPattern, type EventEnvelope } from '@sv/contracts';
import { currentTraceParent } from '@sv/platform';
import { Webhook } from '../../db/entities/webhook.entity.ts';

/**
 * The subscriptions of `tenantId` that want `eventType`: live, active, with a matching pattern,
 * and created before the event happened — a new subscription (or a first start of the service
 * over the stream's retained history) never receives events older than itself.
 */
export const subscribersOf = async (em: EntityManager, tenantId: string, eventType: string, occurredAt: Date): Promise<Webhook[]> => {
  const candidates = await em.find(Webhook, { tenantId, isActive: true, deletedAt: null, createdAt: { $lte: occurredAt } });
  return candidates.filter((webhook) => webhook.events.some((pattern) => matchesEventPattern(pattern, eventType)));
};

/**
 * Queues one delivery per subscriber of the event, in the caller's transaction. A delivery is
 * unique per (subscription, event), so seeing the same event again adds nothing. Events without
 * a tenant reach no one; webhook.test is only ever queued by POST /webhooks/{uuid}/test.
 * Returns how many deliveries were queued.
 */
export const fanOutEvent = async (em: EntityManager, event: EventEnvelope): Promise<number> => {
  if (event.tenant_id === null || event.type === WEBHOOK_TEST_EVENT) return 0;
  const subscribers = await subscribersOf(em, event.tenant_id, event.type, new Date(event.occurred_at));
  const payload = JSON.stringify({ id: event.id, type: event.type, created_at: event.occurred_at, data: event.data });
  // The consumer's span: each delivery's POST continues the event's trace.
  const traceParent = currentTraceParent();
  let queued = 0;
  for (const webhook of subscribers) {
    const inserted = await em.execute<{ id: string }[]>(
      `insert into "webhooks"."delivery"
        ("id", "tenant_id", "subscription_id", "event_id", "event_type", "occurred_at", "payload", "status", "attempts", "next_attempt_at", "trace_parent", "created_at", "updated_at")
        values (?, ?, ?, ?, ?, ?, ?::jsonb, 'pending', 0, ?, ?, now(), now())
        on conflict ("subscription_id", "event_id") do nothing returning "id"`,
      [randomUUID(), event.tenant_id, webhook.id, event.id, event.type, new Date(event.occurred_at), payload, new Date(), traceParent],
    );
    queued += inserted.length;
  }
  return queued;
};
