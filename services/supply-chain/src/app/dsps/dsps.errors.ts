import { Messages } from '@sv/contracts';
import { NotFoundError } from '@sv/platform';

/** 404 `DSP '<slug>' not found or inactive.`, naming the slug or id as the client sent it. */
export class DspNotFoundError extends NotFoundError {
  constructor(given: string) {
    super(Messages.dspNotFound(given), 'dsp.not_found');
  }
}
