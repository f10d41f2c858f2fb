import type { Principal, StatementFactsReply } from '@sv/contracts';

/** Royalties, asked for a completed statement's matched lines (summed) when it completes. */
export interface RoyaltiesPort {
  statementFacts(principal: Principal, statementId: string): Promise<StatementFactsReply>;
}
