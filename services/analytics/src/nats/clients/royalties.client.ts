import { FinanceOperation, RoyaltyOperation, SalesReportFileReply, StatementFactsReply } from '@sv/contracts';
import { refusalOfReply, type ServiceCaller } from '@sv/platform';
import type { RoyaltiesPort } from '../../app/royalties-port.ts';

/** Royalties' contract for analytics, over its api subject. */
export const royaltiesClient = (caller: ServiceCaller): RoyaltiesPort => ({
  async statementFacts(principal, statementId) {
    const reply = await caller.call('royalties', RoyaltyOperation.statementFacts, principal, {}, { statement_id: statementId });
    if (reply.status === 200) return StatementFactsReply.parse(reply.body);
    throw refusalOfReply(reply, 'royalties_statement_facts');
  },
  async salesReportFile(principal, salesReportId) {
    const reply = await caller.call('royalties', FinanceOperation.salesReportFile, principal, {}, { sales_report_id: salesReportId });
    if (reply.status === 200) return SalesReportFileReply.parse(reply.body);
    if (reply.status === 404) return null;
    throw refusalOfReply(reply, 'royalties_sales_report_file');
  },
});
