import { Messages } from '@sv/contracts';
import { ConflictError } from '@sv/platform';

/** Rights are frozen once the release is in review or delivered. */
export class RightsLockedError extends ConflictError {
  constructor() {
    super(Messages.rightsLocked, 'rights.locked');
  }
}
