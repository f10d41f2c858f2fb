import { Messages } from '@sv/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@sv/platform';
import { MICROS_SCALE, minorToDecimal, STORABLE_MAX } from '../ledger/money.ts';

/** 404: no such statement in the caller's tenant (another tenant's is never revealed). */
export class StatementNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.statementNotFound, 'statement_not_found');
  }
}

/** 409: lines are refused once a statement is approved or paid. */
export class StatementLinesLockedError extends ConflictError {
  constructor(status: string) {
    super(Messages.statementLinesLocked(status), 'statement_lines_locked');
  }
}

/** 409: approve is only from completed. */
export class StatementNotCompletedError extends ConflictError {
  constructor() {
    super(Messages.onlyCompletedStatementsApprove, 'statement_not_completed');
  }
}

/** 409: pay is only from approved. */
export class StatementNotApprovedError extends ConflictError {
  constructor() {
    super(Messages.onlyApprovedStatementsPay, 'statement_not_approved');
  }
}

/**
 * 422: the lines would take the statement's total revenue (kept in micro-units as a bigint) beyond
 * what it can hold; refused before anything is stored.
 */
export class StatementTotalOutOfRangeError extends ValidationError {
  constructor() {
    super({ line_items: [`The line items' revenue would take the statement total beyond ${minorToDecimal(STORABLE_MAX, MICROS_SCALE)}, the most a statement can hold.`] });
  }
}
