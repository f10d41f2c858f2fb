import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { API_REVISION, WebhookHeader } from '@sv/contracts';
import { SpanKind, SpanStatusCode, inSpan, traceContextOfParent } from '@sv/platform';
import { DeliveryAttempt } from '../../db/entities/delivery-attempt.entity.ts';
import { Delivery } from '../../db/entities/delivery.entity.ts';
import { Webhook } from '../../db/entities/webhook.entity.ts';
import { SealedSecretError, openSecret } from '../subscriptions/secret-sealing.ts';
import { judgeAttempt, type Verdict } from './attempt-verdict.ts';
import type { ClaimedDelivery } from './claim.ts';
import type { DeliverySender, SendOutcome } from './http-sender.ts';
import type { RetryPolicy } from './retry-schedule.ts';
import { signatureHeader } from './signature.ts';

export interface AttemptDeps {
  send: DeliverySender;
  secretKey: string;
  policy: RetryPolicy;
  now: () => number;
}

/** The body receivers get: the stored envelope fields with the current payload revision. */
export const deliveryBody = (delivery: ClaimedDelivery): string =>
  JSON.stringify({
    id: delivery.payload.id,
    type: delivery.payload.type,
    created_at: delivery.payload.created_at,
    api_version: API_REVISION,
    data: delivery.payload.data,
  });

const notSent = (error: string): SendOutcome => ({ statusCode: undefined, retryAfter: undefined, excerpt: undefined, error, durationMs: 0 });

/**
 * Signs with the subscription's current secret at this moment (a regenerated secret applies at
 * once) and posts. A secret that no longer opens (the key was changed) is a failed attempt, so
 * the delivery still ends with its window instead of being claimed forever.
 */
const sendSigned = async (deps: AttemptDeps, webhook: Webhook, delivery: ClaimedDelivery): Promise<SendOutcome> => {
  let secret: string;
  try {
    secret = openSecret(deps.secretKey, webhook.id, webhook.secretSealed);
  } catch (error) {
    if (error instanceof SealedSecretError) return notSent('The signing secret could not be opened with the configured key; nothing was sent.');
    throw error;
  }
  const body = deliveryBody(delivery);
  const t = Math.floor(deps.now() / 1000);
  return deps.send({
    url: webhook.url,
    body,
    headers: {
      'content-type': 'application/json',
      [WebhookHeader.signature]: signatureHeader(secret, t, body),
      [WebhookHeader.eventId]: delivery.eventId,
      [WebhookHeader.attempt]: String(delivery.attempt),
    },
  });
};

/** Records the attempt and what becomes of the delivery, in one transaction; only while this attempt still holds the lease. */
const record = async (em: EntityManager, delivery: ClaimedDelivery, outcome: SendOutcome, verdict: Verdict, now: Date): Promise<void> =>
  em.transactional(async (tx) => {
    const nextRetryAt = verdict.status === 'pending' ? verdict.nextAttemptAt : null;
    const updated = await tx.nativeUpdate(
      Delivery,
      { id: delivery.id, attempts: delivery.attempt, status: 'pending' },
      { status: verdict.status, nextAttemptAt: nextRetryAt, claimedUntil: null, updatedAt: now },
    );
    if (updated === 0) return; // the lease ran out and another attempt has taken over
    await tx.insert(DeliveryAttempt, {
      id: randomUUID(),
      tenantId: delivery.tenantId,
      subscriptionId: delivery.subscriptionId,
      deliveryId: delivery.id,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      attempt: delivery.attempt,
      statusCode: outcome.statusCode ?? null,
      durationMs: outcome.durationMs,
      error: outcome.error ?? null,
      responseExcerpt: outcome.excerpt ?? null,
      nextRetryAt,
      createdAt: now,
    });
    if (verdict.status === 'failed' && verdict.disableSubscription) {
      await tx.nativeUpdate(Webhook, { id: delivery.subscriptionId }, { isActive: false, updatedAt: now });
    }
  });

/**
 * One attempt of a claimed delivery. A subscription deleted or deactivated since the event was
 * queued gets nothing more: the delivery fails with that reason in the attempt log.
 */
export const attemptDelivery = async (em: EntityManager, deps: AttemptDeps, delivery: ClaimedDelivery): Promise<Verdict> => {
  const webhook = await em.findOne(Webhook, { id: delivery.subscriptionId });
  let outcome: SendOutcome;
  let verdict: Verdict | undefined;
  if (!webhook || webhook.deletedAt !== null || !webhook.isActive) {
    outcome = notSent('The subscription is inactive or deleted; the event was not sent.');
    verdict = { status: 'failed', disableSubscription: false };
  } else {
    // Under the event's trace: the POST's own span (node:http) sends its traceparent to the receiver.
    outcome = await inSpan(
      `webhook ${delivery.eventType}`,
      { kind: SpanKind.INTERNAL, parent: traceContextOfParent(delivery.traceParent), attributes: { 'webhook.event_id': delivery.eventId, 'webhook.attempt': delivery.attempt } },
      async (span) => {
        const sent = await sendSigned(deps, webhook, delivery);
        if (sent.statusCode !== undefined) span.setAttribute('http.response.status_code', sent.statusCode);
        if (sent.error || (sent.statusCode ?? 500) >= 300) span.setStatus({ code: SpanStatusCode.ERROR, message: sent.error ?? `HTTP ${sent.statusCode}` });
        return sent;
      },
    );
  }
  // One moment for the verdict and the log row, so next_retry_at - created_at is the wait chosen.
  const finishedAt = deps.now();
  verdict ??= judgeAttempt(outcome, { attempt: delivery.attempt, nowMs: finishedAt, occurredAtMs: delivery.occurredAt.getTime() }, deps.policy);
  await record(em, delivery, outcome, verdict, new Date(finishedAt));
  return verdict;
};
