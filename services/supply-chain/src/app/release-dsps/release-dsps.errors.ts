import { Messages } from '@sv/contracts';
import { NotFoundError } from '@sv/platform';

export class ReleaseNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.releaseNotFound, 'release.not_found');
  }
}
