import { ValidationError, unsafeTextErrors } from '@sv/platform';

export { MAX_NESTING_DEPTH, TextSafetyMessages, unsafeTextErrors } from '@sv/platform';

/** Refuses (422, per field) input that no service could store or safely process. */
export const assertSafeText = (value: unknown): void => {
  const errors = unsafeTextErrors(value);
  if (errors) throw new ValidationError(errors);
};

/** For a streaming parser that collects failures rather than throwing: multipart form fields. */
export const failOnUnsafeFormField = (name: string, value: string, fail: (error: unknown) => void): void => {
  const errors = unsafeTextErrors({ [name]: value });
  if (errors) fail(new ValidationError(errors));
};
