import { GatewayOperation, TenantPartyReply, systemPrincipal } from '@sv/contracts';
import { UnavailableError, type ServiceCaller } from '@sv/platform';
import type { TenantPartyPort } from '../../app/ports.ts';

/** The gateway, which owns tenants: the DDEX party a release's messages are sent on behalf of. */
export const tenantPartyClient = (caller: ServiceCaller): TenantPartyPort => ({
  async partyOf(tenantId) {
    const reply = await caller.call('gateway', GatewayOperation.tenantsParty, systemPrincipal(tenantId, 'delivery'));
    if (reply.status !== 200) throw new UnavailableError(undefined, `gateway_party_${reply.status}`);
    return TenantPartyReply.parse(reply.body);
  },
});
