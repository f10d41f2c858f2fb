import type { NextFunction, Request, Response } from 'express';
import { Header } from '@sv/contracts';
import { requestFingerprint } from '../../app/idempotency/fingerprint.ts';
import { assertIdempotencyKey, type IdempotencyService } from '../../app/idempotency/idempotency.service.ts';
import { locals } from '../locals.ts';

const KEYED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Honours Idempotency-Key on POST/PUT/PATCH, per tenant: a replay returns the stored response
 * with X-Service-Idempotent-Replay: true and runs nothing. The path is the version-free one, so
 * /v1 and unversioned requests share keys. GET and DELETE ignore the header.
 */
export const idempotency =
  (service: IdempotencyService) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = req.get(Header.idempotencyKey);
    if (!KEYED_METHODS.has(req.method) || key === undefined || key === '') {
      next();
      return;
    }
    assertIdempotencyKey(key);
    const principal = locals(res).principal;
    if (!principal) throw new Error('idempotency needs an authenticated principal');
    const outcome = await service.begin(principal.tenant_id, key, requestFingerprint(req.method, req.path, req.body));
    if (outcome.kind === 'replay') {
      res.set(outcome.response.headers);
      res.set(Header.idempotentReplay, 'true');
      res.status(outcome.response.status);
      if (outcome.response.body === null || outcome.response.body === undefined) res.end();
      else res.json(outcome.response.body);
      return;
    }
    locals(res).idempotency = outcome;
    next();
  };
