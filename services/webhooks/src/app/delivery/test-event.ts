import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, WEBHOOK_TEST_EVENT, type WebhookTestData } from '@sv/contracts';
import { currentTraceParent } from '@sv/platform';
import { Delivery } from '../../db/entities/delivery.entity.ts';
import { findWebhook } from '../subscriptions/webhooks.service.ts';

/**
 * POST /webhooks/{uuid}/test: queues a webhook.test event for this subscription alone; the
 * delivery worker sends it like any other event (signed, retried, logged).
 */
export const queueTestEvent = async (em: EntityManager, tenantId: string, webhookId: string): Promise<{ eventId: string }> => {
  const webhook = await findWebhook(em, tenantId, webhookId);
  const eventId = randomUUID();
  const now = new Date();
  const data: WebhookTestData = { webhook_id: webhook.id, message: Messages.webhookTestMessage };
  em.create(Delivery, {
    id: randomUUID(),
    tenantId,
    subscriptionId: webhook.id,
    eventId,
    eventType: WEBHOOK_TEST_EVENT,
    occurredAt: now,
    payload: { id: eventId, type: WEBHOOK_TEST_EVENT, created_at: now.toISOString(), data },
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    claimedUntil: null,
    lastError: null,
    // The request's trace: the test POST shows under the API call that asked for it.
    traceParent: currentTraceParent(),
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return { eventId };
};
