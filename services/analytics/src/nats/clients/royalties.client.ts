import { STATEMENT_FACTS_OPERATION, StatementFactsReply } from '@sv/contracts';
import { refusalOfReply, type ServiceCaller } from '@sv/platform';
import type { RoyaltiesPort } from '../../app/royalties-port.ts';

/** Royalties' contract for analytics, over its api subject. */
export const royaltiesClient = (caller: ServiceCaller): RoyaltiesPort => ({
  async statementFacts(principal, statementId) {
    const reply = await caller.call('royalties', STATEMENT_FACTS_OPERATION, principal, {}, { statement_id: statementId });
    if (reply.status === 200) return StatementFactsReply.parse(reply.body);
    throw refusalOfReply(reply, 'royalties_statement_facts');
  },
});
