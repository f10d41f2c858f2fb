import { Messages } from '@sv/contracts';
import { ValidationError, type FieldErrors } from '@sv/platform';

/**
 * The draft lacks what any message needs: 422 with every gap by field. A single gap is the error
 * itself, in its own words; several are the spec's `Validation failed`, as one line cannot name them all.
 */
export class PreviewIncompleteError extends ValidationError {
  constructor(missing: FieldErrors) {
    const gaps = Object.values(missing).flat();
    super(missing, gaps.length === 1 ? (gaps[0] ?? Messages.validationFailed) : Messages.validationFailed);
  }
}

/** The message cannot be built for this store (no deal covers a territory, say): 422 with the reason. */
export class PreviewUnbuildableError extends ValidationError {
  constructor(slug: string, storeName: string, reason: string) {
    super({ [slug]: [reason] }, Messages.ddexMessageInvalid(storeName));
  }
}
