import { Messages } from '@sv/contracts';
import { ConflictError } from '@sv/platform';

export class ReleaseLocalizationsLockedError extends ConflictError {
  constructor() {
    super(Messages.releaseLocalizationsLocked, 'release_localizations.locked');
  }
}

/** Track localizations are fields of the track, which changes only while its release is draft. */
export class TrackLocalizationsLockedError extends ConflictError {
  constructor() {
    super(Messages.trackLocalizationsLocked, 'track_localizations.locked');
  }
}
