import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { API_REVISION, WebhookHeader } from '@sv/contracts';
import { SpanKind, SpanStatusCode, inSpan, traceContextOfParent, type WorkLease } from '@sv/platform';
import { DeliveryAttempt } from '../../db/entities/delivery-attempt.entity.ts';
import { Delivery } from '../../db/entities/delivery.entity.ts';
import { Webhook } from '../../db/entities/webhook.entity.ts';
import { SealedSecretError, openSecret } from '../subscriptions/secret-sealing.ts';
import { judgeAttempt, type Verdict } from './attempt-verdict.ts';
import type { ClaimedDelivery } from './claimed-delivery.ts';
import { AttemptsSpent, DeliveryRefused, type FinalAttempt } from './delivery-faults.ts';
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

/** One row of the attempt log. */
const logAttempt = async (tx: EntityManager, { delivery, outcome, finishedAt }: FinalAttempt, nextRetryAt: Date | null): Promise<void> => {
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
    createdAt: finishedAt,
  });
};

/** Delivered, or waiting for its next attempt: the attempt and the delivery's new state, in the lease's fenced transaction. */
const recordAttempt = async (tx: EntityManager, attempt: FinalAttempt, verdict: Exclude<Verdict, { status: 'failed' }>): Promise<void> => {
  const nextRetryAt = verdict.status === 'pending' ? verdict.nextAttemptAt : null;
  await tx.nativeUpdate(Delivery, { id: attempt.delivery.id }, { status: verdict.status, nextAttemptAt: nextRetryAt, updatedAt: attempt.finishedAt });
  await logAttempt(tx, attempt, nextRetryAt);
};

/**
 * The delivery's side of its end as failed or dead, in the work queue's transaction that sets
 * the state and the last error: the last attempt in the log (when the end came from one) and,
 * after a 410 Gone, the subscription deactivated.
 */
export const recordGivenUp = async (tx: EntityManager, deliveryId: string, attempt: FinalAttempt | undefined): Promise<void> => {
  await tx.nativeUpdate(Delivery, { id: deliveryId }, { nextAttemptAt: null, updatedAt: attempt?.finishedAt ?? new Date() });
  if (!attempt) return;
  await logAttempt(tx, attempt, null);
  if (attempt instanceof DeliveryRefused && attempt.reason === 'gone') {
    await tx.nativeUpdate(Webhook, { id: attempt.delivery.subscriptionId }, { isActive: false, updatedAt: attempt.finishedAt });
  }
};

/**
 * One attempt of a claimed delivery, under the work queue's lease. Delivered or to be retried,
 * it is recorded through the lease's fenced commit (a worker that lost the lease records
 * nothing). An attempt after which the delivery gets no other is thrown, for the queue to end
 * it: DeliveryRefused (410, a refused address, the window over, the subscription deleted or
 * deactivated since the event was queued) fails it at once, AttemptsSpent on the last allowed
 * attempt ends it dead; either way with its last error, and the attempt in the log.
 */
export const attemptDelivery = async (em: EntityManager, deps: AttemptDeps, delivery: ClaimedDelivery, lease: WorkLease): Promise<Verdict> => {
  const webhook = await em.findOne(Webhook, { id: delivery.subscriptionId });
  if (!webhook || webhook.deletedAt !== null || !webhook.isActive) {
    const outcome = notSent('The subscription is inactive or deleted; the event was not sent.');
    throw new DeliveryRefused({ delivery, outcome, finishedAt: new Date(deps.now()) }, 'inactive');
  }
  // Under the event's trace: the POST's own span (node:http) sends its traceparent to the receiver.
  const outcome = await inSpan(
    `webhook ${delivery.eventType}`,
    { kind: SpanKind.INTERNAL, parent: traceContextOfParent(delivery.traceParent), attributes: { 'webhook.event_id': delivery.eventId, 'webhook.attempt': delivery.attempt } },
    async (span) => {
      const sent = await sendSigned(deps, webhook, delivery);
      if (sent.statusCode !== undefined) span.setAttribute('http.response.status_code', sent.statusCode);
      if (sent.error || (sent.statusCode ?? 500) >= 300) span.setStatus({ code: SpanStatusCode.ERROR, message: sent.error ?? `HTTP ${sent.statusCode}` });
      return sent;
    },
  );
  // One moment for the verdict and the log row, so next_retry_at - created_at is the wait chosen.
  const finishedAt = deps.now();
  const attempt: FinalAttempt = { delivery, outcome, finishedAt: new Date(finishedAt) };
  const verdict = judgeAttempt(outcome, { attempt: delivery.attempt, nowMs: finishedAt, occurredAtMs: delivery.occurredAt.getTime() }, deps.policy);
  if (verdict.status === 'failed') {
    if (verdict.reason === 'attempts') throw new AttemptsSpent(attempt);
    throw new DeliveryRefused(attempt, verdict.reason);
  }
  await lease.commit((tx) => recordAttempt(tx, attempt, verdict));
  return verdict;
};
