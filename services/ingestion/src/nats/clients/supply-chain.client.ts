import { SupplyChainOperation } from '@sv/contracts';
import { refusalOfReply, type ServiceCaller } from '@sv/platform';
import type { SupplyChainPort } from '../../app/import/ports.ts';

/** The supply-chain's contract for ingestion: a release's territories, as the public route sets them. */
export const supplyChainClient = (caller: ServiceCaller): SupplyChainPort => ({
  async setTerritories(principal, releaseId, territories) {
    const reply = await caller.call('supply-chain', SupplyChainOperation.releaseConfigTerritories, principal, { uuid: releaseId }, territories);
    if (reply.status !== 200) throw refusalOfReply(reply, 'supply_chain_territories');
  },
});
