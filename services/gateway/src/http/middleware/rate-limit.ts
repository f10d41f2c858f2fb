import type { NextFunction, Request, Response } from 'express';
import { Header, SUPPORTED_VERSIONS } from '@sv/contracts';
import { isHealthPath, rateCategoryOfMatch } from '../route-matcher.ts';
import { RateLimitedError, consumeRateLimit } from '../../app/rate-limit/rate-limiter.ts';
import type { CoalescedCounter } from '../../app/rate-limit/coalesced-counter.ts';
import { locals } from '../locals.ts';

/**
 * Counts the request in its category's shared window and sets X-RateLimit-* on the response,
 * which every later outcome (success or error) keeps. Over the limit: 429 with Retry-After.
 * The bucket is the verified credential's; anything else (no token, a refused token, an
 * anonymous route) counts against the client address, so made-up tokens share one budget.
 */
export const rateLimit =
  (counter: CoalescedCounter, multiplier = 1) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const requestedVersion = req.get(Header.apiVersion)?.trim().toLowerCase();
    const servedVersion = !requestedVersion || (SUPPORTED_VERSIONS as readonly string[]).includes(requestedVersion);
    if (isHealthPath(req.path) && servedVersion) {
      next();
      return;
    }
    const state = locals(res);
    const category = rateCategoryOfMatch(req.method, state.route);
    const subject = state.rateSubject ?? `ip:${req.ip ?? 'unknown'}`;
    const decision = await consumeRateLimit(counter, category, subject, { multiplier });
    res.set(Header.rateLimitLimit, String(decision.limit));
    res.set(Header.rateLimitRemaining, String(decision.remaining));
    res.set(Header.rateLimitReset, String(decision.resetAt));
    if (!decision.allowed) throw new RateLimitedError(decision);
    next();
  };
