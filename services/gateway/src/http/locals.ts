import type { Response } from 'express';
import type { Principal } from '@sv/contracts';
import type { IdempotencyOutcome } from '../app/idempotency/idempotency.service.ts';
import type { MatchedRoute } from './route-matcher.ts';

/** What the middleware chain learns about a request, in the order it learns it. */
export interface GatewayLocals {
  requestId: string;
  /** The route this request matched, found once before anything else runs. */
  route?: MatchedRoute;
  /** The verified credential's rate bucket; absent, the client address is the bucket. */
  rateSubject?: string;
  /** Why the presented token was refused; thrown only if the route needs a caller. */
  authError?: Error;
  principal?: Principal;
  apiKeyId?: string;
  userId?: string;
  sessionFamilyId?: string;
  idempotency?: Extract<IdempotencyOutcome, { kind: 'proceed' }>;
}

export const locals = (res: Response): GatewayLocals => res.locals as GatewayLocals;
