import { ResolvedConfigReply, SupplyChainOperation, systemPrincipal } from '@sv/contracts';
import { UnavailableError, refusalOfReply, type ServiceCaller } from '@sv/platform';
import type { SupplyChainPort } from '../../app/ports.ts';

/** Supply-chain, which owns store selection, overrides and what each store receives. */
export const supplyChainClient = (caller: ServiceCaller): SupplyChainPort => ({
  async resolvedConfig(tenantId, releaseId) {
    const reply = await caller.call('supply-chain', SupplyChainOperation.releaseConfigResolved, systemPrincipal(tenantId, 'delivery'), { uuid: releaseId });
    if (reply.status !== 200) throw new UnavailableError(undefined, `supply_chain_resolved_${reply.status}`);
    return ResolvedConfigReply.parse(reply.body).stores;
  },
  async overrideStore(tenantId, releaseId, slug, body) {
    const reply = await caller.call('supply-chain', SupplyChainOperation.releaseDspsOverride, systemPrincipal(tenantId, 'delivery'), { uuid: releaseId, slug }, body);
    if (reply.status !== 200) throw refusalOfReply(reply, 'supply_chain_override');
  },
});
