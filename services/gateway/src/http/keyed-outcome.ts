import type { GatewayLocals } from './locals.ts';

/**
 * The one place a keyed request's outcome is kept, for forwarded and local routes alike: an
 * answer below 500 is stored for replay; a 5xx releases the key, so a retry runs.
 */
export const recordKeyedOutcome = async (
  claim: GatewayLocals['idempotency'],
  reply: { status: number; headers: Record<string, string>; body: unknown },
): Promise<void> => {
  if (!claim) return;
  if (reply.status >= 500) await claim.release();
  else await claim.complete({ status: reply.status, headers: reply.headers, body: reply.body ?? null });
};
