import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import { authenticateApiKey } from '../../app/auth/authenticate-api-key.ts';
import { InvalidTokenError, TokenMissingError } from '../../app/auth/auth.errors.ts';
import { isApiKeyShaped } from '../../app/api-keys/api-key-token.ts';
import { bearerToken } from '../bearer-token.ts';
import { locals } from '../locals.ts';

/**
 * Resolves the caller. The tenant comes from the token first: a key's tenant is never changed by
 * X-Tenant-Domain or the Host header, which only matter for requests without a token.
 */
export const authenticate =
  (orm: MikroORM) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw new TokenMissingError();
    if (!isApiKeyShaped(token)) throw new InvalidTokenError();
    const caller = await authenticateApiKey(orm.em.fork(), token);
    locals(res).principal = caller.principal;
    locals(res).apiKeyId = caller.apiKeyId;
    next();
  };
