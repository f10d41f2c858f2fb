import { DeliveryOperation } from '@sv/contracts';
import { refusalOfReply, type ServiceCaller } from '@sv/platform';
import type { DeliveryPort } from '../../app/import/ports.ts';

/** The delivery service's contract for ingestion: a takedown, as the public purge route queues it. */
export const deliveryClient = (caller: ServiceCaller): DeliveryPort => ({
  async takeDown(principal, releaseId) {
    const reply = await caller.call('delivery', DeliveryOperation.purge, principal, { uuid: releaseId });
    if (reply.status !== 202) throw refusalOfReply(reply, 'delivery_purge');
  },
});
