import { Messages } from '@sv/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@sv/platform';

export class VideoNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.videoNotFound, 'video.not_found');
  }
}

/** A state refusal of the video workflow (update, submit, approve, reject, delete): 409. */
export class VideoStateConflictError extends ConflictError {
  constructor(message: string, action: string) {
    super(message, `video.${action}_refused`);
  }
}

/** An ISRC already carried by a live video or track of the tenant: 409. */
export class DuplicateIsrcError extends ConflictError {
  constructor() {
    super(Messages.duplicateRecord, 'video.isrc_taken');
  }
}

/** The tenant's artist plan lacks video distribution (spec, Authentication 8): 403. */
export class PlanLacksVideoDistributionError extends ForbiddenError {
  constructor() {
    super(Messages.planLacksVideoDistribution, 'video.plan_lacks_video_distribution');
  }
}

/** artist_id names no live artist the caller may credit: 422 with the spec's message. */
export class VideoArtistNotInTenantError extends ValidationError {
  constructor() {
    super({ artist_id: [Messages.artistNotInTenant] }, Messages.artistNotInTenant);
  }
}

/** release_id names no release the caller may see: 422. */
export class VideoReleaseNotInTenantError extends ValidationError {
  constructor() {
    super({ release_id: [Messages.releaseNotInTenant] }, Messages.releaseNotInTenant);
  }
}

export class VideoFileMissingError extends ValidationError {
  constructor() {
    super({ video: [Messages.uploadVideoBeforeSubmit] }, Messages.uploadVideoBeforeSubmit);
  }
}

export class UnreadableVideoError extends ValidationError {
  constructor() {
    super({ video: [Messages.unreadableVideo] }, Messages.unreadableVideo);
  }
}
