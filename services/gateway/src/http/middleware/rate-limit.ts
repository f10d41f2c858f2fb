import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import { Header } from '@sv/contracts';
import { isHealthPath, rateCategoryOf } from '../../app/routing/route-matcher.ts';
import { RateLimitedError, consumeRateLimit } from '../../app/rate-limit/rate-limiter.ts';

/** Rate buckets are per access token (by digest, never the raw token), else per client address. */
const rateSubject = (req: Request): string => {
  const authorization = req.get('authorization');
  if (authorization) return `t:${createHash('sha256').update(authorization).digest('hex').slice(0, 40)}`;
  return `ip:${req.ip ?? 'unknown'}`;
};

/**
 * Counts the request in its category's shared window and sets X-RateLimit-* on the response,
 * which every later outcome (success or error) keeps. Over the limit: 429 with Retry-After.
 */
export const rateLimit =
  (orm: MikroORM, multiplier = 1) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (isHealthPath(req.path)) {
      next();
      return;
    }
    const decision = await consumeRateLimit(orm.em.fork(), rateCategoryOf(req.method, req.path), rateSubject(req), { multiplier });
    res.set(Header.rateLimitLimit, String(decision.limit));
    res.set(Header.rateLimitRemaining, String(decision.remaining));
    res.set(Header.rateLimitReset, String(decision.resetAt));
    if (!decision.allowed) throw new RateLimitedError(decision);
    next();
  };
