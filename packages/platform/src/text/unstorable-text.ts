import type { FieldErrors } from '../errors/domain-errors.ts';

/**
 * Text no service can store: Postgres text cannot hold NUL, and a lone UTF-16 surrogate has no
 * UTF-8 form. Every channel (JSON bodies, CSV, DDEX, drop-folder and report files) checks its
 * text with these helpers where it enters the platform, so the refusal names the field, row or
 * column instead of surfacing later as a database error.
 */

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

/** In a `u` regular expression a surrogate pair is one code point, so only a lone half matches. */
const UNSAFE_CHARACTER = /[\0\uD800-\uDFFF]/u;
const UNSAFE_CHARACTERS = /[\0\uD800-\uDFFF]/gu;

/** True when the text holds NUL or a lone surrogate. */
export const isUnstorableText = (text: string): boolean => UNSAFE_CHARACTER.test(text);

/** What is wrong with a text, as a phrase ('a NUL character'), or undefined when it can be stored. */
export const unstorableTextProblem = (text: string): 'a NUL character' | 'an unpaired UTF-16 surrogate' | undefined => {
  if (!isUnstorableText(text)) return undefined;
  return text.includes('\0') ? 'a NUL character' : 'an unpaired UTF-16 surrogate';
};

/** A name as a message may echo it: the bad characters themselves replaced. */
export const withoutUnstorableCharacters = (text: string): string => text.replace(UNSAFE_CHARACTERS, '\uFFFD');

const fieldPath = (path: readonly string[]): string => path.map(withoutUnstorableCharacters).join('.') || 'body';

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
      if (isUnstorableText(value)) report(path, textProblem(value, fieldPath(path)));
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { body: [TextSafetyMessages.tooDeep(maxDepth)] };
    for (const [key, child] of Object.entries(value)) {
      if (isUnstorableText(key)) report([...path, key], TextSafetyMessages.fieldName);
      pending.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
  return reported > 0 ? errors : undefined;
};
