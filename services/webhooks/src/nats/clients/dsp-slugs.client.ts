import type { NatsConnection } from '@nats-io/transport-node';
import { DspListReply, SupplyChainOperation, apiSubject, type Principal } from '@sv/contracts';
import { UnavailableError, callService } from '@sv/platform';
import type { DspSlugsPort } from '../../app/event-types/ports.ts';

/** Asks supply-chain for its active DSPs (readable by every role) and keeps their slugs. */
export const dspSlugsClient = (nc: NatsConnection, subjectPrefix: string, timeoutMs: number): DspSlugsPort => ({
  async activeSlugs(principal: Principal) {
    const reply = await callService(
      nc,
      apiSubject(subjectPrefix, 'supply-chain'),
      { operation: SupplyChainOperation.dsps, principal },
      timeoutMs,
    );
    if (reply.status !== 200) throw new UnavailableError(undefined, 'supply_chain_refused');
    return DspListReply.parse(reply.body).dsps.map((dsp) => dsp.slug);
  },
});
