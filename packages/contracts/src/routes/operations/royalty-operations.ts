/** Operations the royalties service will answer for statements, balance, withdrawals and splits. */
export const RoyaltyOperation = {
  balance: 'royalties.balance',
  statementsList: 'royalties.statements_list',
  statementsGet: 'royalties.statements_get',
  withdraw: 'royalties.withdraw',
  list: 'royalties.list',
  create: 'royalties.create',
  summary: 'royalties.summary',
  get: 'royalties.get',
  lineItems: 'royalties.line_items',
  approve: 'royalties.approve',
  pay: 'royalties.pay',
  splitsSet: 'splits.set',
  splitsGet: 'splits.get',
  /**
   * Internal, for analytics: a completed file-level statement's matched lines, summed per release,
   * artist, store and period, so the first analytics family can show revenue aligned with royalty
   * statements. Body: StatementFactsBody; reply: StatementFactsReply.
   */
  statementFacts: 'royalties.statement_facts',
} as const;

/** Operations the royalties service will answer for finance (periods, sales reports, statements, payouts). */
export const FinanceOperation = {
  periodsList: 'finance.periods_list',
  periodsCreate: 'finance.periods_create',
  salesReportsList: 'finance.sales_reports_list',
  salesReportsCreate: 'finance.sales_reports_create',
  statementsList: 'finance.statements_list',
  statementsGet: 'finance.statements_get',
  statementsApprove: 'finance.statements_approve',
  payeeStatementsList: 'finance.payee_statements_list',
  payeeStatementsGet: 'finance.payee_statements_get',
  payeeStatementsApprove: 'finance.payee_statements_approve',
  payoutsList: 'finance.payouts_list',
  payoutsGet: 'finance.payouts_get',
  periodsGet: 'finance.periods_get',
  salesReportsUpload: 'finance.sales_reports_upload',
  salesReportsGet: 'finance.sales_reports_get',
  salesReportRows: 'finance.sales_report_rows',
  salesReportJobsGet: 'finance.sales_report_jobs_get',
  statementsCompute: 'finance.statements_compute',
  statementsLock: 'finance.statements_lock',
  payoutsCreate: 'finance.payouts_create',
  /**
   * Internal (analytics → royalties): where a tenant's sales report file is stored, so analytics
   * loads the same bytes into its streams when it hears `finance.sales_report.recorded`. Only the
   * platform itself (a system principal of the report's tenant) may ask; 404 for a report of no file
   * (JSON lines). Body: SalesReportFileBody; reply: SalesReportFileReply.
   */
  salesReportFile: 'finance.sales_report_file',
} as const;
