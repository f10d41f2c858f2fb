import { ValidationError } from '@sv/platform';

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
