import { Messages } from '@sv/contracts';
import { ConflictError, NotFoundError } from '@sv/platform';

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
