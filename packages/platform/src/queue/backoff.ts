/** How retries spread out: the ceiling doubles per attempt from `baseMs` up to `capMs`. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/**
 * The kit's one backoff: "full jitter" (a uniformly random wait between 0 and
 * min(cap, base * 2^attempt)). The randomness spreads the retries of many items or replicas that
 * failed together (a database or bus coming back) instead of sending them back in one wave; it
 * may wait less than half the base, or nothing at all. `attempt` counts the retries before
 * this one: 0 for the first retry (ceiling `baseMs`), 1 for the second (twice the base), and so on. `random` is in [0, 1); tests pass their own.
 */
export const backoffDelayMs = (attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number => {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 52);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  return Math.floor(Math.max(0, ceiling) * Math.min(Math.max(random(), 0), 1));
};
