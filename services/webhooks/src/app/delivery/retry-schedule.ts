import { backoffDelayMs, type BackoffPolicy } from '@sv/platform';

/**
 * When a failed delivery is tried again. Pure: no I/O, times in epoch milliseconds.
 * The wait is the kit's backoff (full jitter, capped); a receiver's Retry-After is honoured as a
 * minimum, and nothing happens after the retry window that starts at the event's time: the last
 * attempt happens at the window's end at the latest. Attempts are capped too (the work queue's).
 */
export interface RetryPolicy extends BackoffPolicy {
  windowMs: number;
  /** Attempts a delivery gets before it is given up, window or not. */
  maxAttempts: number;
}

export interface RetryInput {
  /** The attempt that just failed (1-based). */
  attempt: number;
  nowMs: number;
  occurredAtMs: number;
  /** What the receiver asked for with Retry-After, when it did. */
  retryAfterMs?: number | undefined;
}

/**
 * The time of the next attempt, or undefined when the window is over and the delivery fails.
 * After the n-th failure the backoff's ceiling is base·2^(n-1): the first retry within the base.
 */
export const nextAttemptAt = (input: RetryInput, policy: RetryPolicy, random: () => number = Math.random): Date | undefined => {
  const windowEnd = input.occurredAtMs + policy.windowMs;
  if (input.nowMs >= windowEnd) return undefined;
  const wait = Math.max(backoffDelayMs(input.attempt - 1, policy, random), input.retryAfterMs ?? 0);
  return new Date(Math.min(input.nowMs + wait, windowEnd));
};

/** A Retry-After header (delay-seconds or an HTTP date) as milliseconds from now; undefined when absent or unreadable. */
export const retryAfterMs = (header: string | undefined, nowMs: number): number | undefined => {
  if (header === undefined || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
};
