import { Messages } from '@sv/contracts';
import { ValidationError, type FieldErrors } from '@sv/platform';

/** 422: a split row names an artist, user or writer the workspace does not have. */
export class UnknownPayeeError extends ValidationError {
  constructor(fields: Record<string, string[]>) {
    super(fields);
  }
}

/** 422: two rows name the same payee; one row per payee keeps a statement's lines unambiguous. */
export class DuplicatePayeeError extends ValidationError {
  constructor(path: string) {
    super({ [path]: ['This payee already has a row in the split.'] });
  }
}

/**
 * 422 for a split body that does not parse. When the percentages do not sum to 100, the spec's
 * message (`Split percentages must sum to 100.`) is the answer's error, not only a field's.
 */
export class SplitsRefusedError extends ValidationError {
  constructor(fields: FieldErrors) {
    super(fields, fields['splits']?.includes(Messages.splitsSum) ? Messages.splitsSum : Messages.validationFailed);
  }
}
