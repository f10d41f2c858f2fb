import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import { Header, SUPPORTED_VERSIONS } from '@sv/contracts';
import { isHealthPath, rateCategoryOf } from '../route-matcher.ts';
import { RateLimitedError, consumeRateLimit } from '../../app/rate-limit/rate-limiter.ts';
import { bearerToken } from '../bearer-token.ts';

/**
 * Rate buckets are per access token (by digest, never the raw token), however the header is
 * spelled; requests without a token count per client address.
 */
const rateSubject = (req: Request): string => {
  const token = bearerToken(req) ?? req.get('authorization');
  if (token) return `t:${createHash('sha256').update(token).digest('hex').slice(0, 40)}`;
  return `ip:${req.ip ?? 'unknown'}`;
};

/**
 * Counts the request in its category's shared window and sets X-RateLimit-* on the response,
 * which every later outcome (success or error) keeps. Over the limit: 429 with Retry-After.
 */
export const rateLimit =
  (orm: MikroORM, multiplier = 1) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const requestedVersion = req.get(Header.apiVersion)?.trim().toLowerCase();
    const servedVersion = !requestedVersion || (SUPPORTED_VERSIONS as readonly string[]).includes(requestedVersion);
    if (isHealthPath(req.path) && servedVersion) {
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
