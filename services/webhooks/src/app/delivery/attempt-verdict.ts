import { nextAttemptAt, retryAfterMs, type RetryPolicy } from './retry-schedule.ts';
import type { SendOutcome } from './http-sender.ts';

/** Why a delivery gets no further attempt. */
export type GiveUpReason = 'gone' | 'refused' | 'window' | 'attempts';

/** What becomes of a delivery after one attempt. */
export type Verdict = { status: 'delivered' } | { status: 'pending'; nextAttemptAt: Date } | { status: 'failed'; reason: GiveUpReason };

const RETRY_AFTER_STATUSES = new Set([429, 503]);

/**
 * Pure: 2xx is delivered; 410 Gone fails the delivery (and ends the subscription); a target the
 * address policy refuses fails at once (sending again cannot help); anything else (3xx included:
 * redirects are not followed; 5xx; no response) is retried within the window and the attempt
 * cap, 429/503 no sooner than their Retry-After.
 */
export const judgeAttempt = (
  outcome: Pick<SendOutcome, 'statusCode' | 'retryAfter' | 'refusedAddress'>,
  context: { attempt: number; nowMs: number; occurredAtMs: number },
  policy: RetryPolicy,
  random: () => number = Math.random,
): Verdict => {
  const code = outcome.statusCode;
  if (code !== undefined && code >= 200 && code <= 299) return { status: 'delivered' };
  if (code === 410) return { status: 'failed', reason: 'gone' };
  if (outcome.refusedAddress) return { status: 'failed', reason: 'refused' };
  if (context.attempt >= policy.maxAttempts) return { status: 'failed', reason: 'attempts' };
  const askedWait = code !== undefined && RETRY_AFTER_STATUSES.has(code) ? retryAfterMs(outcome.retryAfter, context.nowMs) : undefined;
  const next = nextAttemptAt({ ...context, retryAfterMs: askedWait }, policy, random);
  return next ? { status: 'pending', nextAttemptAt: next } : { status: 'failed', reason: 'window' };
};
