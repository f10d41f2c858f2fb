import { Messages } from '@sv/contracts';
import { ValidationError, type FieldErrors } from '@sv/platform';

/** The draft lacks what any message needs: 422 naming the first gap, with every gap by field. */
export class PreviewIncompleteError extends ValidationError {
  constructor(missing: FieldErrors) {
    super(missing, Object.values(missing)[0]?.[0] ?? Messages.validationFailed);
  }
}

/** The message cannot be built for this store (no deal covers a territory, say): 422 with the reason. */
export class PreviewUnbuildableError extends ValidationError {
  constructor(slug: string, storeName: string, reason: string) {
    super({ [slug]: [reason] }, Messages.ddexMessageInvalid(storeName));
  }
}
