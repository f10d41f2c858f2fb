import { ForbiddenError } from '@sv/platform';

/** 403: only the platform itself (a system principal) reads the catalogue's recording codes. */
export class RecordingCodesForbiddenError extends ForbiddenError {
  constructor() {
    super(undefined, 'recording_codes_forbidden');
  }
}
