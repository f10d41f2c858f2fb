import { Messages } from '@sv/contracts';
import { ConflictError, ValidationError } from '@sv/platform';

/** 409: the release is in review (pending, qc_inspection) or taken down; its settings wait. */
export class ReleaseConfigLockedError extends ConflictError {
  constructor(status: string) {
    super(Messages.releaseConfigLocked(status), 'release_config.locked');
  }
}

/** 422 `DSP '<slug>' is not attached to this release.`: attach the store first. */
export class DspNotAttachedError extends ValidationError {
  constructor(given: string) {
    const message = Messages.dspNotAttached(given);
    super({ dsp: [message] }, message);
  }
}
