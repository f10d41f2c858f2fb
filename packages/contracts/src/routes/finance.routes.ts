import { SalesReportJobReply } from '../finance.ts';
import { defineRoute } from './define-route.ts';
import { FinanceOperation } from './operations/royalty-operations.ts';
import {
  CreateFinancePeriodBody,
  CreatePayoutBody,
  CreateSalesReportBody,
  FinanceStatementsQuery,
  SalesReportRowsQuery,
  SalesReportsQuery,
} from './requests/finance-bodies.ts';
import { DefaultListQuery } from './requests/list-queries.ts';
import { UuidParams } from './requests/path-params.ts';
import {
  ComputedStatementReply,
  FinancePeriodListReply,
  FinancePeriodReply,
  PayeeStatementListReply,
  PayeeStatementReply,
  PayoutListReply,
  PayoutReply,
  SalesReportListReply,
  SalesReportReply,
  SalesReportRowListReply,
  TenantStatementListReply,
  TenantStatementReply,
} from './responses/finance.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/**
 * Finance (the royalties service): periods, stores' sales reports, the tenant statement of a
 * period and one payee statement per payee, their approval and payouts. Every route needs
 * `finance.manage` (the tenant-admin tier).
 */
export const FINANCE_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/finance/periods',
    service: 'royalties',
    operation: FinanceOperation.periodsList,
    summary: 'List finance periods.',
    request: { query: DefaultListQuery },
    responses: { 200: { description: 'A page of periods with total and meta.', body: FinancePeriodListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'POST',
    path: '/finance/periods',
    service: 'royalties',
    operation: FinanceOperation.periodsCreate,
    summary: 'Create a finance period with a unique code.',
    request: { body: CreateFinancePeriodBody },
    responses: { 201: { description: 'The period created.', body: FinancePeriodReply } },
    // 409: Period code already exists.
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/periods/:uuid',
    service: 'royalties',
    operation: FinanceOperation.periodsGet,
    summary: 'Get a finance period.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The period.', body: FinancePeriodReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/finance/periods/:uuid/sales-reports',
    service: 'royalties',
    operation: FinanceOperation.salesReportsUpload,
    summary:
      "Upload a store's sales report to a period (multipart field sales_report): a CSV (header: isrc, upc, territory, store, units, amount) or a DDEX DSR flat file (Basic Audio, UGC, Audio-Visual or Financial Reporting to Record Companies profile). Answers at once with a job (202, Location: the job to poll) that reads, matches and stores the file, and ends completed with the report or failed with the refusal. A report with a bad row is refused whole (the job's errors, per cell); unmatched rows are kept and listed. A file already loaded (same bytes, or the same DSR MessageId and FileNumber) fails the job; a DSR with another MessageId for the same store, profile and usage period replaces the period's earlier one.",
    request: { params: UuidParams },
    upload: { field: 'sales_report', kind: 'sales_report', missingMessage: 'The sales_report file is required.' },
    responses: { 202: { description: 'The job loading the file, queued; its Location header is the job to poll.', body: SalesReportJobReply } },
    // 409: the period's statement is no longer draft.
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/sales-report-jobs/:uuid',
    service: 'royalties',
    // A royalties operation like FinanceOperation's; declared beside the job's body.
    operation: FinanceOperation.salesReportJobsGet,
    summary:
      "Get a sales report upload's job: queued, running (bytes and rows read, rows matched, percent and an estimate of the time left), completed (with the sales report's uuid) or failed (with the refusal's message and errors).",
    request: { params: UuidParams },
    responses: { 200: { description: 'The job; Retry-After while it runs.', body: SalesReportJobReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/sales-reports',
    service: 'royalties',
    operation: FinanceOperation.salesReportsList,
    summary: 'List sales reports (up to 500 a page); filter by period_id.',
    request: { query: SalesReportsQuery },
    responses: { 200: { description: 'A page of sales reports with total and meta.', body: SalesReportListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'POST',
    path: '/finance/sales-reports',
    service: 'royalties',
    operation: FinanceOperation.salesReportsCreate,
    summary: "Record a store's sales report for a period as JSON lines (checked and matched like the CSV upload).",
    request: { body: CreateSalesReportBody },
    responses: { 201: { description: 'The sales report recorded.', body: SalesReportReply } },
    // 404: the period_id names no period of the workspace; 409: the period's statement is no longer draft.
    errors: [404, 409],
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/sales-reports/:uuid',
    service: 'royalties',
    operation: FinanceOperation.salesReportsGet,
    summary: 'Get a sales report with its matched and unmatched totals.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The sales report.', body: SalesReportReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/sales-reports/:uuid/rows',
    service: 'royalties',
    operation: FinanceOperation.salesReportRows,
    summary: "List a sales report's rows (up to 500 a page); matched=false lists the rows no recording matched.",
    request: { params: UuidParams, query: SalesReportRowsQuery },
    responses: { 200: { description: 'A page of rows with total and meta.', body: SalesReportRowListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'POST',
    path: '/finance/periods/:uuid/statements',
    service: 'royalties',
    operation: FinanceOperation.statementsCompute,
    summary: "Compute the period's draft tenant statement and one payee statement per payee from its matched sales and the splits in force; recomputing replaces draft statements only.",
    request: { params: UuidParams },
    responses: { 201: { description: 'The draft statement with its payee statements.', body: ComputedStatementReply } },
    // 409: the period's statements are no longer all draft; 422: no sales report.
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/statements',
    service: 'royalties',
    operation: FinanceOperation.statementsList,
    summary: 'List tenant statements; filter by period_id.',
    request: { query: FinanceStatementsQuery },
    responses: { 200: { description: 'A page of statements with total and meta.', body: TenantStatementListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/statements/:uuid',
    service: 'royalties',
    operation: FinanceOperation.statementsGet,
    summary: 'Get a tenant statement.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The statement.', body: TenantStatementReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/finance/statements/:uuid/approve',
    service: 'royalties',
    operation: FinanceOperation.statementsApprove,
    summary: 'Approve a draft tenant statement.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The statement, approved.', body: TenantStatementReply } },
    // 409: Only draft statements can be approved.
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/finance/statements/:uuid/lock',
    service: 'royalties',
    operation: FinanceOperation.statementsLock,
    summary: 'Lock an approved tenant statement.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The statement, locked.', body: TenantStatementReply } },
    // 409: Only approved statements can be locked.
    errors: [409],
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/payee-statements',
    service: 'royalties',
    operation: FinanceOperation.payeeStatementsList,
    summary: 'List payee statements; filter by period_id or statement_id.',
    request: { query: FinanceStatementsQuery },
    responses: { 200: { description: 'A page of payee statements with total and meta.', body: PayeeStatementListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/payee-statements/:uuid',
    service: 'royalties',
    operation: FinanceOperation.payeeStatementsGet,
    summary: 'Get a payee statement.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The payee statement.', body: PayeeStatementReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/finance/payee-statements/:uuid/approve',
    service: 'royalties',
    operation: FinanceOperation.payeeStatementsApprove,
    summary: 'Approve a draft payee statement.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The payee statement, approved.', body: PayeeStatementReply } },
    // 409: Only draft payee statements can be approved.
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/finance/payouts',
    service: 'royalties',
    operation: FinanceOperation.payoutsCreate,
    summary:
      'Pay out approved payee statements (by id, or every approved one of a period); each becomes paid, and a statement becomes paid with its last. The sandbox records the payout as simulated and moves no money.',
    request: { body: CreatePayoutBody },
    responses: { 201: { description: 'The payout.', body: PayoutReply } },
    // 404: a period_id or payee statement id of no record; 409: a payee statement not approved, or its statement not approved or locked.
    errors: [404, 409],
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/payouts',
    service: 'royalties',
    operation: FinanceOperation.payoutsList,
    summary: 'List payouts.',
    request: { query: DefaultListQuery },
    responses: { 200: { description: 'A page of payouts with total and meta.', body: PayoutListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'GET',
    path: '/finance/payouts/:uuid',
    service: 'royalties',
    operation: FinanceOperation.payoutsGet,
    summary: 'Get a payout.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The payout.', body: PayoutReply } },
  }),
];
