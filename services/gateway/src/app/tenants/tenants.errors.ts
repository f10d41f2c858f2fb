import { Messages } from '@sv/contracts';
import { ConflictError, NotFoundError } from '@sv/platform';

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
