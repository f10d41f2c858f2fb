import { Messages } from '@sv/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '@sv/platform';

export class WriterNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.writerNotFound, 'writer.not_found');
  }
}

export class PublisherNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.publisherNotFound, 'publisher.not_found');
  }
}

export class CollaboratorNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.collaboratorNotFound, 'collaborator.not_found');
  }
}

/** A live writer or publisher of the tenant already has this IPI. */
export class DuplicateIpiError extends ConflictError {
  constructor() {
    super(Messages.duplicateRecord, 'credit_party.ipi_taken');
  }
}

/** Credits are frozen once the release is in review or delivered. */
export class CreditsLockedError extends ConflictError {
  constructor() {
    super(Messages.creditsLocked, 'track_credits.locked');
  }
}

/** 403: an artist-scoped principal changing a party that another artist's track credits. */
export class CreditPartySharedError extends ForbiddenError {
  constructor() {
    super(Messages.forbidden, 'credit_party.shared');
  }
}
