import { nextAttemptAt, retryAfterMs, type RetryPolicy } from './retry-schedule.ts';
import type { SendOutcome } from './http-sender.ts';

/** What becomes of a delivery after one attempt. */
export type Verdict =
  | { status: 'delivered' }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'failed'; disableSubscription: boolean };

const RETRY_AFTER_STATUSES = new Set([429, 503]);

/**
 * Pure: 2xx is delivered; 410 Gone fails the delivery and ends the subscription; anything else
 * (3xx included: redirects are not followed) is retried within the window, 429/503 no sooner
 * than their Retry-After.
 */
export const judgeAttempt = (
  outcome: Pick<SendOutcome, 'statusCode' | 'retryAfter'>,
  context: { attempt: number; nowMs: number; occurredAtMs: number },
  policy: RetryPolicy,
  random: () => number = Math.random,
): Verdict => {
  const code = outcome.statusCode;
  if (code !== undefined && code >= 200 && code <= 299) return { status: 'delivered' };
  if (code === 410) return { status: 'failed', disableSubscription: true };
  const askedWait = code !== undefined && RETRY_AFTER_STATUSES.has(code) ? retryAfterMs(outcome.retryAfter, context.nowMs) : undefined;
  const next = nextAttemptAt({ ...context, retryAfterMs: askedWait }, policy, random);
  return next ? { status: 'pending', nextAttemptAt: next } : { status: 'failed', disableSubscription: false };
};
