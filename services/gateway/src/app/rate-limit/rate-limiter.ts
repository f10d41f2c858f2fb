import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Header, Messages, RATE_LIMITS, RATE_WINDOW_SECONDS, type RateCategory } from '@sv/contracts';
import { DomainError } from '@sv/platform';
import { CoalescedCounter } from './coalesced-counter.ts';

export interface RateDecision {
  limit: number;
  remaining: number;
  /** Unix time (seconds) at which the current window ends. */
  resetAt: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

export class RateLimitedError extends DomainError {
  constructor(decision: RateDecision) {
    super('rate_limited', Messages.tooManyRequests, {
      code: 'rate_limited',
      headers: { [Header.retryAfter]: String(decision.retryAfterSeconds) },
    });
  }
}

/** The fixed, clock-aligned window `now` falls in (Unix seconds). */
export interface RateWindow {
  start: number;
  resetAt: number;
  now: number;
}

export const currentRateWindow = (now = new Date()): RateWindow => {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const start = nowSeconds - (nowSeconds % RATE_WINDOW_SECONDS);
  return { start, resetAt: start + RATE_WINDOW_SECONDS, now: nowSeconds };
};

/** The 429 for a bucket whose `limit` is spent in `window`. */
export const rateLimitExceeded = (limit: number, window: RateWindow): RateLimitedError =>
  new RateLimitedError({ limit, remaining: 0, resetAt: window.resetAt, allowed: false, retryAfterSeconds: Math.max(1, window.resetAt - window.now) });

/**
 * Adds `n` to `bucket`'s count in the window starting at `windowStart` (Unix seconds) and returns
 * the count after. One upsert in Postgres, so every gateway replica shares the counter and two
 * requests can never both take the last slot.
 */
export const addToWindow = async (em: EntityManager, bucket: string, windowStart: number, n: number): Promise<number> => {
  const [row] = await em.execute<{ count: number }[]>(
    `insert into "gateway"."rate_limit_window" ("bucket", "window_start", "count")
       values (?, to_timestamp(?), ?)
     on conflict ("bucket", "window_start") do update set "count" = "rate_limit_window"."count" + excluded."count"
     returning "count"`,
    [bucket, windowStart, n],
  );
  return Number(row?.count ?? n);
};

/** Adds one to `bucket` in `window` and returns the new count. */
export const countInWindow = (em: EntityManager, bucket: string, window: RateWindow): Promise<number> => addToWindow(em, bucket, window.start, 1);

/** The shared request counter of one gateway process: Postgres, coalesced per bucket. */
export const createRequestCounter = (orm: MikroORM): CoalescedCounter =>
  new CoalescedCounter((bucket, windowStart, n) => addToWindow(orm.em.fork(), bucket, windowStart, n));

/**
 * Counts one request against `subject` (a verified credential, or the client address) in the
 * category's fixed one-minute window.
 */
export const consumeRateLimit = async (
  counter: CoalescedCounter,
  category: RateCategory,
  subject: string,
  options: { multiplier?: number; now?: Date } = {},
): Promise<RateDecision> => {
  const limit = RATE_LIMITS[category] * (options.multiplier ?? 1);
  const window = currentRateWindow(options.now);
  const count = await counter.count(`${category}:${subject}`, window.start);
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: window.resetAt,
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, window.resetAt - window.now),
  };
};

/** Drops windows that ended; any replica may run it, repeated runs are harmless. */
export const pruneRateLimitWindows = async (em: EntityManager, now = new Date()): Promise<void> => {
  await em.execute(`delete from "gateway"."rate_limit_window" where "window_start" < to_timestamp(?)`, [
    Math.floor(now.getTime() / 1000) - 2 * RATE_WINDOW_SECONDS,
  ]);
};

/**
 * Takes one back from `bucket` in `window` (never below zero): for a slot reserved before the
 * outcome was known that turned out not to count.
 */
export const uncountInWindow = async (em: EntityManager, bucket: string, window: RateWindow): Promise<void> => {
  await em.execute(
    `update "gateway"."rate_limit_window" set "count" = greatest("count" - 1, 0)
      where "bucket" = ? and "window_start" = to_timestamp(?)`,
    [bucket, window.start],
  );
};
