import { FinanceOperation, Messages, SalesReportFileBody } from '@sv/contracts';
import { ForbiddenError, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { findSalesReportFile } from '../app/finance/sales-reports.service.ts';
import type { RoyaltiesContext } from '../royalties-context.ts';

/**
 * Internal, for analytics: where a sales report's file is stored, so it loads the same bytes. Only
 * the platform itself (a system actor acting for the report's tenant) asks; no route reaches it.
 */
export const salesReportFileOperations = ({ orm }: RoyaltiesContext): OperationTable => ({
  [FinanceOperation.salesReportFile]: async (request) => {
    if (request.principal.actor.type !== 'system') throw new ForbiddenError(Messages.forbidden, 'sales_report_file.system_only');
    const body = parseOrThrow(SalesReportFileBody, request.body ?? {});
    return ok(await findSalesReportFile(orm.em.fork(), request.principal.tenant_id, body.sales_report_id));
  },
});
