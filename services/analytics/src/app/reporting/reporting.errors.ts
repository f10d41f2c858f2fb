import { Messages } from '@sv/contracts';
import { NotFoundError, ValidationError, type FieldErrors } from '@sv/platform';

/** 422: a batch with any bad snapshot is refused whole, each problem at its item's field. */
export class SnapshotsRefusedError extends ValidationError {
  constructor(fields: FieldErrors) {
    super(fields);
  }
}

/** 404: no such artist in the caller's workspace, or not the artist an artist key acts for. */
export class ReportArtistNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.artistNotFound, 'analytics.artist_not_found');
  }
}
