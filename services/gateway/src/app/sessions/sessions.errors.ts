import { Messages } from '@sv/contracts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '@sv/platform';

export class InvalidCredentialsError extends UnauthorizedError {
  constructor() {
    super(Messages.loginInvalid, 'auth.invalid_credentials');
  }
}

export class AccountSuspendedError extends ForbiddenError {
  constructor() {
    super(Messages.accountSuspended, 'auth.account_suspended');
  }
}

export class WorkspaceSuspendedError extends ForbiddenError {
  constructor() {
    super(Messages.workspaceSuspended, 'auth.workspace_suspended');
  }
}

export class UnresolvableTenantError extends ValidationError {
  constructor() {
    super({ tenant_slug: [Messages.unresolvableTenant] }, Messages.unresolvableTenant);
  }
}
