import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '@sv/platform';
import { authenticateApiKey, type ApiKeyLookup } from '../../app/auth/authenticate-api-key.ts';
import { authenticateUserToken } from '../../app/auth/authenticate-user-token.ts';
import { TokenMissingError } from '../../app/auth/auth.errors.ts';
import { isApiKeyShaped } from '../../app/api-keys/api-key-token.ts';
import type { AccessTokenSettings } from '../../app/sessions/access-token.ts';
import { bearerToken } from '../bearer-token.ts';
import { locals } from '../locals.ts';
import { isHealthPath } from '../route-matcher.ts';

/**
 * Resolves the caller from `Authorization: Bearer <token>`: an `svk_` API key, or a JWT access
 * token from POST /auth/login. The tenant comes from the token first: X-Tenant-Domain and the
 * Host header never change it (they only matter for requests without a token).
 *
 * This step only finds out who is asking (so the rate limit can count a verified credential);
 * a refused token is kept and thrown by `requireCaller`, after the request has been counted
 * against its client address. Anonymous routes (login, password reset…) and the health probe
 * never look at the token: their requests count per address.
 */
export const identifyCaller =
  (orm: MikroORM, tokens: AccessTokenSettings, apiKeys: ApiKeyLookup) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const state = locals(res);
    const token = bearerToken(req);
    if (!token || state.route?.definition.anonymous || isHealthPath(req.path)) {
      next();
      return;
    }
    try {
      if (isApiKeyShaped(token)) {
        const caller = await authenticateApiKey(apiKeys, token);
        state.principal = caller.principal;
        state.apiKeyId = caller.apiKeyId;
        state.rateSubject = `key:${caller.apiKeyId}`;
      } else {
        const caller = await authenticateUserToken(orm.em.fork(), tokens, token);
        state.principal = caller.principal;
        state.userId = caller.userId;
        state.sessionFamilyId = caller.sessionFamilyId;
        state.rateSubject = `t:${createHash('sha256').update(token).digest('hex').slice(0, 40)}`;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      state.authError = error;
    }
    next();
  };

/** Stops a request without a valid caller, unless its route is anonymous. */
export const requireCaller = (_req: Request, res: Response, next: NextFunction): void => {
  const state = locals(res);
  if (state.route?.definition.anonymous || state.principal) {
    next();
    return;
  }
  throw state.authError ?? new TokenMissingError();
};
