import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import { authenticateApiKey } from '../../app/auth/authenticate-api-key.ts';
import { authenticateUserToken } from '../../app/auth/authenticate-user-token.ts';
import { TokenMissingError } from '../../app/auth/auth.errors.ts';
import { isApiKeyShaped } from '../../app/api-keys/api-key-token.ts';
import type { AccessTokenSettings } from '../../app/sessions/access-token.ts';
import { bearerToken } from '../bearer-token.ts';
import { locals } from '../locals.ts';

/**
 * Resolves the caller from `Authorization: Bearer <token>`: an `svk_` API key, or a JWT access
 * token from POST /auth/login. The tenant comes from the token first: X-Tenant-Domain and the
 * Host header never change it (they only matter for requests without a token).
 */
export const authenticate =
  (orm: MikroORM, tokens: AccessTokenSettings) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw new TokenMissingError();
    const state = locals(res);
    if (isApiKeyShaped(token)) {
      const caller = await authenticateApiKey(orm.em.fork(), token);
      state.principal = caller.principal;
      state.apiKeyId = caller.apiKeyId;
    } else {
      const caller = await authenticateUserToken(orm.em.fork(), tokens, token);
      state.principal = caller.principal;
      state.userId = caller.userId;
      state.sessionFamilyId = caller.sessionFamilyId;
    }
    next();
  };
