import { z } from 'zod';
import { pagedList } from './common.ts';

/*
 * Finance resources: the spec names them (period with a unique code, sales report, tenant
 * statement, payee statement, payout) but shows no fields beyond a few, so every object is open.
 * Amounts are in minor units.
 */

export const FINANCE_STATEMENT_STATUSES = ['draft', 'approved', 'locked', 'paid'] as const;

export const FinancePeriodSchema = z.object({ uuid: z.uuid(), code: z.string() }).loose();
export const SalesReportSchema = z.object({ uuid: z.uuid() }).loose();
export const TenantStatementSchema = z.object({ uuid: z.uuid(), status: z.enum(FINANCE_STATEMENT_STATUSES) }).loose();
export const PayeeStatementSchema = z.object({ uuid: z.uuid(), status: z.string() }).loose();
export const PayoutSchema = z.object({ uuid: z.uuid() }).loose();

export const FinancePeriodReply = z.object({ period: FinancePeriodSchema });
export const FinancePeriodListReply = pagedList('periods', FinancePeriodSchema);
export const SalesReportReply = z.object({ sales_report: SalesReportSchema });
export const SalesReportListReply = pagedList('sales_reports', SalesReportSchema);
export const TenantStatementReply = z.object({ statement: TenantStatementSchema });
export const TenantStatementListReply = pagedList('statements', TenantStatementSchema);
export const PayeeStatementReply = z.object({ payee_statement: PayeeStatementSchema });
export const PayeeStatementListReply = pagedList('payee_statements', PayeeStatementSchema);
export const PayoutReply = z.object({ payout: PayoutSchema });
export const PayoutListReply = pagedList('payouts', PayoutSchema);
