import type { Principal, SalesReportFileReply, StatementFactsReply } from '@sv/contracts';

/** Royalties, asked for a completed statement's matched lines (summed) when it completes, and for a sales report's stored file. */
export interface RoyaltiesPort {
  statementFacts(principal: Principal, statementId: string): Promise<StatementFactsReply>;
  /** Where finance keeps a sales report's uploaded file; null for a report of no file (JSON lines). */
  salesReportFile(principal: Principal, salesReportId: string): Promise<SalesReportFileReply | null>;
}
