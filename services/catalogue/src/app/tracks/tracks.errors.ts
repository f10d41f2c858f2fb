import { Messages } from '@sv/contracts';
import { ConflictError, DomainError, NotFoundError, ValidationError, type FieldErrors } from '@sv/platform';

export class TrackNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.trackNotFound, 'track.not_found');
  }
}

/** Tracks are added, changed and removed only while their release is a draft (spec, rule 4): 409. */
export class ReleaseNotDraftError extends ConflictError {
  constructor() {
    super(Messages.trackReleaseNotDraft, 'track.release_not_draft');
  }
}

/** A live track of the tenant already has this ISRC, or this release already has this position: 409. */
export class DuplicateTrackError extends DomainError {
  constructor(fields: FieldErrors) {
    super('conflict', Messages.duplicateRecord, { code: 'track.duplicate', fields });
  }
}

export const isrcTaken = (isrc: string) => new DuplicateTrackError({ isrc: [`The ISRC ${isrc} is already used by another recording.`] });

export const positionTaken = (position: number, disc: number) =>
  new DuplicateTrackError({ position: [`Position ${position} of disc ${disc} is already taken on this release.`] });

/** The track's artist_id is not a live artist of the caller's tenant (spec, rule 6): 422. */
export class TrackArtistNotInTenantError extends ValidationError {
  constructor() {
    super({ artist_id: [Messages.artistNotInTenant] }, Messages.artistNotInTenant);
  }
}

export class PreviewRangeError extends ValidationError {
  constructor() {
    super({ preview_end_sec: ['The preview_end_sec must be greater than preview_start_sec.'] });
  }
}
