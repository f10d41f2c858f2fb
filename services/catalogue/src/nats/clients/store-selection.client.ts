import type { NatsConnection } from '@nats-io/transport-node';
import { StoreSelectionReply, SupplyChainOperation, apiSubject, type Principal } from '@sv/contracts';
import { UnavailableError, callService } from '@sv/platform';
import type { StoreSelectionPort } from '../../app/releases/ports.ts';

/** Asks supply-chain for a release's store selection at this moment. */
export const storeSelectionClient = (nc: NatsConnection, subjectPrefix: string, timeoutMs: number): StoreSelectionPort => ({
  async selectedStores(principal: Principal, releaseId: string) {
    const reply = await callService(
      nc,
      apiSubject(subjectPrefix, 'supply-chain'),
      { operation: SupplyChainOperation.releaseDspsSelection, params: { uuid: releaseId }, principal },
      timeoutMs,
    );
    if (reply.status !== 200) throw new UnavailableError(undefined, 'supply_chain_refused');
    return StoreSelectionReply.parse(reply.body).dsps;
  },
});
