import type { Response } from 'express';
import type { Principal } from '@sv/contracts';
import type { IdempotencyOutcome } from '../app/idempotency/idempotency.service.ts';

/** What the middleware chain learns about a request, in the order it learns it. */
export interface GatewayLocals {
  requestId: string;
  principal?: Principal;
  apiKeyId?: string;
  userId?: string;
  sessionFamilyId?: string;
  idempotency?: Extract<IdempotencyOutcome, { kind: 'proceed' }>;
}

export const locals = (res: Response): GatewayLocals => res.locals as GatewayLocals;
