import type { EntityManager } from '@mikro-orm/postgresql';
import { Header, Messages } from '@sv/contracts';
import { DomainError } from '@sv/platform';
import { RATE_LIMITS, RATE_WINDOW_SECONDS, type RateCategory } from './rate-categories.ts';

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

/**
 * Counts one request against `subject` (a token digest, or the client address when there is no
 * token) in the category's fixed one-minute window. The counter is one upsert in Postgres, so
 * every gateway replica shares it and two requests can never both take the last slot.
 */
export const consumeRateLimit = async (
  em: EntityManager,
  category: RateCategory,
  subject: string,
  options: { multiplier?: number; now?: Date } = {},
): Promise<RateDecision> => {
  const limit = RATE_LIMITS[category] * (options.multiplier ?? 1);
  const now = options.now ?? new Date();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % RATE_WINDOW_SECONDS);
  const resetAt = windowStart + RATE_WINDOW_SECONDS;
  const [row] = await em.execute<{ count: number }[]>(
    `insert into "gateway"."rate_limit_window" ("bucket", "window_start", "count")
       values (?, to_timestamp(?), 1)
     on conflict ("bucket", "window_start") do update set "count" = "rate_limit_window"."count" + 1
     returning "count"`,
    [`${category}:${subject}`, windowStart],
  );
  const count = Number(row?.count ?? 1);
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt,
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, resetAt - nowSeconds),
  };
};

/** Drops windows that ended; any replica may run it, repeated runs are harmless. */
export const pruneRateLimitWindows = async (em: EntityManager, now = new Date()): Promise<void> => {
  await em.execute(`delete from "gateway"."rate_limit_window" where "window_start" < to_timestamp(?)`, [
    Math.floor(now.getTime() / 1000) - 2 * RATE_WINDOW_SECONDS,
  ]);
};
