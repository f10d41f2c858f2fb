import { Messages } from '@sv/contracts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@sv/platform';

export class ReleaseNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.releaseNotFound, 'release.not_found');
  }
}

/** A state refusal of the release state machine (submit, approve, update, delete, …): 409. */
export class ReleaseStateConflictError extends ConflictError {
  constructor(message: string, action: string) {
    super(message, `release.${action}_refused`);
  }
}

/** The client's `updated_at` is older than the stored one: someone changed the release since. */
export class StaleReleaseError extends ConflictError {
  constructor() {
    super(Messages.staleUpdate, 'release.stale');
  }
}

/** A UPC already carried by another live release of the tenant. */
export class DuplicateUpcError extends ConflictError {
  constructor() {
    super(Messages.duplicateRecord, 'release.upc_taken');
  }
}

/** A roster (or super_admin) principal named no artist, or one that is not a live artist of its tenant. */
export class ArtistNotInTenantError extends ValidationError {
  constructor(missing: boolean) {
    super({ artist_id: [missing ? Messages.artistIdRequired : Messages.artistNotInTenant] }, Messages.artistNotInTenant);
  }
}

export class InvalidUpcError extends ValidationError {
  constructor() {
    super({ upc: [Messages.invalidUpc] });
  }
}

/** A submit gate that is about a missing part of the release (tracks, stores, date): 422. */
export class SubmitGateError extends ValidationError {
  constructor(field: string, message: string) {
    super({ [field]: [message] }, message);
  }
}

/** The artist plan's yearly release allowance is used up (spec, Authentication 8): 402. */
export class PlanReleaseLimitError extends DomainError {
  constructor(perYear: number) {
    super('payment_required', Messages.planReleaseLimitReached(perYear), { code: 'release.plan_limit_reached' });
  }
}
