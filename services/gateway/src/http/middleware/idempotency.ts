import type { NextFunction, Request, Response } from 'express';
import { Header } from '@sv/contracts';
import { requestFingerprint } from '../../app/idempotency/fingerprint.ts';
import { assertIdempotencyKey, type IdempotencyScope, type IdempotencyService } from '../../app/idempotency/idempotency.service.ts';
import { locals, type GatewayLocals } from '../locals.ts';

const KEYED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Keys belong to the credential that sent them, not just the tenant: a stored response is
 * replayed before the owning service checks roles, so a key shared across credentials would hand
 * one caller another's response. A user's scope is the user, not the session family, so a retry
 * after signing in again (a new family) still replays; the response was that user's own.
 */
const scopeOf = (state: GatewayLocals): IdempotencyScope => {
  const principal = state.principal;
  if (!principal) throw new Error('idempotency needs an authenticated principal');
  if (state.apiKeyId) return { tenantId: principal.tenant_id, credential: `api_key:${state.apiKeyId}` };
  if (state.userId) return { tenantId: principal.tenant_id, credential: `user:${state.userId}` };
  throw new Error('idempotency needs an API key or a signed-in user');
};

/**
 * Honours Idempotency-Key on POST/PUT/PATCH, per tenant and credential: a replay returns the stored response
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
    const outcome = await service.begin(scopeOf(locals(res)), key, requestFingerprint(req.method, req.path, req.body));
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
