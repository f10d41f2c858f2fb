import { Messages } from '@sv/contracts';
import { DomainError, UnauthorizedError } from '@sv/platform';

export class TokenMissingError extends UnauthorizedError {
  constructor() {
    super(Messages.tokenMissing, 'auth.token_missing');
  }
}

export class InvalidApiKeyError extends UnauthorizedError {
  constructor() {
    super(Messages.apiKeyInvalid, 'auth.api_key_invalid');
  }
}

export class InvalidTokenError extends UnauthorizedError {
  constructor() {
    super(Messages.tokenInvalid, 'auth.token_invalid');
  }
}

/** 402 with exactly the body the spec fixes. */
export class InvoiceOverdueError extends DomainError {
  constructor() {
    super('payment_required', Messages.invoiceOverdue, {
      code: 'tenant.invoice_overdue',
      exactBody: { error: Messages.invoiceOverdue },
    });
  }
}
