import type { NatsConnection } from '@nats-io/transport-node';
import { GatewayOperation, TenantPlanReply, apiSubject, type Principal } from '@sv/contracts';
import { UnavailableError, callService } from '@sv/platform';
import type { TenantPlanPort } from '../../app/releases/ports.ts';

/** Asks the gateway (which owns tenants) for the artist plan of the principal's tenant. */
export const tenantPlanClient = (nc: NatsConnection, subjectPrefix: string, timeoutMs: number): TenantPlanPort => ({
  async planOf(principal: Principal) {
    const reply = await callService(
      nc,
      apiSubject(subjectPrefix, 'gateway'),
      { operation: GatewayOperation.tenantsPlan, principal },
      timeoutMs,
    );
    if (reply.status !== 200) throw new UnavailableError(undefined, 'gateway_refused');
    const body = TenantPlanReply.parse(reply.body);
    return body.has_artist_plan ? body.plan : null;
  },
});
