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
  statementsCompute: 'finance.statements_compute',
  statementsLock: 'finance.statements_lock',
  payoutsCreate: 'finance.payouts_create',
} as const;
