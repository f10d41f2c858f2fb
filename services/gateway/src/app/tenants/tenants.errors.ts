import { Messages } from '@sv/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '@sv/platform';

export class TenantNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.tenantNotFound, 'tenant.not_found');
  }
}

export class TenantSlugTakenError extends ConflictError {
  constructor() {
    super(Messages.slugTaken, 'tenant.slug_taken');
  }
}

export class TenantDomainTakenError extends ConflictError {
  constructor() {
    super(Messages.duplicateRecord, 'tenant.domain_taken');
  }
}

/** Login-as (or any act on another tenant) aimed at a tenant outside the caller's subtree. */
export class NotDescendantError extends ForbiddenError {
  constructor() {
    super(Messages.notDescendant, 'tenant.not_descendant');
  }
}
