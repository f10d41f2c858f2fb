import { Messages } from '@sv/contracts';
import { NotFoundError } from '@sv/platform';

/** 404 `Statement not found.`: no earnings for the caller in that month, or not a month at all. */
export class MonthlyStatementNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.statementNotFound, 'monthly_statement.not_found');
  }
}
