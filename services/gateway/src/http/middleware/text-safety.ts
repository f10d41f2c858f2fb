import { ValidationError, type FieldErrors } from '@sv/platform';

/**
 * The deepest a request's objects and arrays may nest. No route takes more than a few levels;
 * 64 leaves room for any honest payload while keeping every later step (logging, hashing,
 * serialising for NATS, validation) far from recursion limits.
 */
export const MAX_NESTING_DEPTH = 64;

/** A body with thousands of hostile strings gets a bounded answer, not one entry per string. */
const MAX_REPORTED_FIELDS = 20;

export const TextSafetyMessages = {
  nul: (field: string) => `The ${field} field must not contain NUL characters.`,
  loneSurrogate: (field: string) => `The ${field} field must not contain unpaired UTF-16 surrogates.`,
  fieldName: 'Field names must not contain NUL characters or unpaired UTF-16 surrogates.',
  tooDeep: (levels: number) => `The body must not nest objects or arrays more than ${levels} levels deep.`,
} as const;

/**
 * NUL or a lone surrogate: Postgres text cannot hold NUL, and a lone surrogate has no UTF-8 form.
 * In a `u` regular expression a surrogate pair is one code point, so only a lone half matches.
 */
const UNSAFE_CHARACTER = /[\0\uD800-\uDFFF]/u;
const UNSAFE_CHARACTERS = /[\0\uD800-\uDFFF]/gu;

const isUnsafeText = (text: string): boolean => UNSAFE_CHARACTER.test(text);

/** The field path as the reply names it (`tracks.0.title`), with the bad characters themselves not echoed. */
const fieldPath = (path: readonly string[]): string => path.map((segment) => segment.replace(UNSAFE_CHARACTERS, '\uFFFD')).join('.') || 'body';

const textProblem = (text: string, field: string): string =>
  text.includes('\0') ? TextSafetyMessages.nul(field) : TextSafetyMessages.loneSurrogate(field);

interface Pending {
  value: unknown;
  path: readonly string[];
  depth: number;
}

/**
 * Per-field messages for every string (value or key) holding NUL or a lone surrogate, or a
 * single `body` message when containers nest deeper than `maxDepth`; undefined when all is well.
 * Walks with its own stack, never recursion, so no input depth can exhaust the call stack.
 */
export const unsafeTextErrors = (root: unknown, maxDepth: number = MAX_NESTING_DEPTH): FieldErrors | undefined => {
  const errors: FieldErrors = {};
  let reported = 0;
  const report = (path: readonly string[], message: string) => {
    (errors[fieldPath(path)] ??= []).push(message);
    reported++;
  };
  const pending: Pending[] = [{ value: root, path: [], depth: 0 }];
  while (pending.length > 0 && reported < MAX_REPORTED_FIELDS) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (isUnsafeText(value)) report(path, textProblem(value, fieldPath(path)));
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { body: [TextSafetyMessages.tooDeep(maxDepth)] };
    for (const [key, child] of Object.entries(value)) {
      if (isUnsafeText(key)) report([...path, key], TextSafetyMessages.fieldName);
      pending.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
  return reported > 0 ? errors : undefined;
};

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
