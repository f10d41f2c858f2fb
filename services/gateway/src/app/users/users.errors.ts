import { Messages } from '@sv/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '@sv/platform';

/** Not in the spec's message table; worded like its other "not found" messages. */
export const USER_NOT_FOUND = 'User not found.';
/** Not in the spec's message table; worded like `You cannot delete your own account.`. */
export const CANNOT_SUSPEND_SELF = 'You cannot suspend your own account.';

/** A user of another tenant, a deleted one and a malformed identifier all read the same. */
export class UserNotFoundError extends NotFoundError {
  constructor() {
    super(USER_NOT_FOUND, 'user.not_found');
  }
}

/** The artist_id given is not an artist of the caller's tenant (another tenant's reads the same). */
export class UserArtistNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.artistNotFound, 'user.artist_not_found');
  }
}

export class DuplicateUserError extends ConflictError {
  constructor() {
    super(Messages.duplicateRecord, 'user.email_taken');
  }
}

export class CannotDeleteSelfError extends ConflictError {
  constructor() {
    super(Messages.cannotDeleteSelf, 'user.delete_self');
  }
}

export class CannotSuspendSelfError extends ConflictError {
  constructor() {
    super(CANNOT_SUSPEND_SELF, 'user.suspend_self');
  }
}

/** Granting, or acting on a holder of, a role above the caller's own. */
export class RoleAboveCallerError extends ForbiddenError {
  constructor() {
    super(Messages.forbidden, 'user.role_above_caller');
  }
}
