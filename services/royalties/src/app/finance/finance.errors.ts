import { Messages } from '@sv/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@sv/platform';
import { STORABLE_MAX } from '../ledger/money.ts';
import { formatMicros } from './finance-money.ts';

export class PeriodNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.periodNotFound, 'finance.period_not_found');
  }
}

export class SalesReportNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.salesReportNotFound, 'finance.sales_report_not_found');
  }
}

/** 404: the report is not the tenant's, or it was sent as JSON lines and has no stored file. */
export class SalesReportFileNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.salesReportFileNotFound, 'finance.sales_report_file_not_found');
  }
}

export class SalesReportJobNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.salesReportJobNotFound, 'finance.sales_report_job_not_found');
  }
}

export class StatementNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.statementNotFound, 'finance.statement_not_found');
  }
}

export class PayeeStatementNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.payeeStatementNotFound, 'finance.payee_statement_not_found');
  }
}

export class PayoutNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.payoutNotFound, 'finance.payout_not_found');
  }
}

/** 409: a live period of the tenant already has the code. */
export class PeriodCodeExistsError extends ConflictError {
  constructor() {
    super(Messages.periodCodeExists, 'finance.period_code_exists');
  }
}

/** 409: a status move from a status it does not start from (approve, lock, recompute, pay out). */
export class FinanceStateError extends ConflictError {
  constructor(message: string) {
    super(message, 'finance.state');
  }
}

/** The multipart field holding an uploaded sales report, where a refusal of the whole file is keyed. */
export const SALES_REPORT_FIELD = 'sales_report';

/** 422: the file cannot be read as a sales report (the intake's reason, with the line and cell where it applies). */
export class SalesReportFileError extends ValidationError {
  constructor(message: string) {
    super({ [SALES_REPORT_FIELD]: [message] }, message);
  }
}

/** 422: the report's amounts are in another currency than the period's. */
export class SalesReportCurrencyError extends ValidationError {
  constructor(reportCurrency: string, periodCurrency: string) {
    super({ currency: [Messages.salesReportCurrency(reportCurrency, periodCurrency)] });
  }
}

/** 409: the same file (its bytes, or its DSR MessageId and FileNumber) was already loaded; it is not counted twice. */
export class SalesReportAlreadyLoadedError extends ConflictError {
  constructor(reportId: string) {
    super(Messages.salesReportAlreadyLoaded(reportId), 'finance.sales_report_already_loaded');
  }
}

/** 409: a file of a DSR message that a revision has replaced. */
export class SalesReportSupersededError extends ConflictError {
  constructor(messageId: string, revisionId: string) {
    super(Messages.salesReportSuperseded(messageId, revisionId), 'finance.sales_report_superseded');
  }
}

/** 422: the report refused whole, with the cells at fault (`row 14, column amount`). */
export class SalesReportRowsError extends ValidationError {
  constructor(fields: Record<string, string[]>) {
    super(fields);
  }
}

/** 422: the report's amounts sum beyond what its total (millionths, a bigint) can hold; nothing is kept. */
export class SalesReportTotalOutOfRangeError extends ValidationError {
  constructor(field: string) {
    super({ [field]: [`The report's amounts sum beyond ${formatMicros(STORABLE_MAX)}, the most a report can hold.`] });
  }
}

/** 422: the period's matched sales give a payee more than a payee statement (millionths, a bigint) can hold. */
export class PeriodTotalOutOfRangeError extends ValidationError {
  constructor() {
    super({ period: [`The period's sales sum beyond ${formatMicros(STORABLE_MAX)} for one payee, the most a payee statement can hold.`] });
  }
}
