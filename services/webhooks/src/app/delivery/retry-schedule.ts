/**
 * When a failed delivery is tried again. Pure: no I/O, times in epoch milliseconds.
 * Exponential backoff with full jitter (a random wait between 0 and min(cap, base·2^(n-1))), a
 * receiver's Retry-After honoured as a minimum, and nothing after the retry window that starts
 * at the event's time: the last attempt happens at the window's end at the latest.
 */

export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  windowMs: number;
}

/** The jittered wait after the `attempt`-th failure (1-based). */
export const backoffMs = (attempt: number, policy: RetryPolicy, random: () => number = Math.random): number =>
  Math.floor(random() * Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1)));

export interface RetryInput {
  attempt: number;
  nowMs: number;
  occurredAtMs: number;
  /** What the receiver asked for with Retry-After, when it did. */
  retryAfterMs?: number | undefined;
}

/** The time of the next attempt, or undefined when the window is over and the delivery fails. */
export const nextAttemptAt = (input: RetryInput, policy: RetryPolicy, random: () => number = Math.random): Date | undefined => {
  const windowEnd = input.occurredAtMs + policy.windowMs;
  if (input.nowMs >= windowEnd) return undefined;
  const wait = Math.max(backoffMs(input.attempt, policy, random), input.retryAfterMs ?? 0);
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
