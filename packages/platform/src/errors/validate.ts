import { z } from 'zod';
import { ValidationError, type FieldErrors } from './domain-errors.ts';

const fieldName = (path: PropertyKey[]): string => path.map(String).join('.') || 'body';

const describeExpected = (expected: string): string =>
  ({ string: 'a string', number: 'a number', int: 'an integer', boolean: 'true or false', array: 'an array', object: 'an object' })[
    expected
  ] ?? expected;

/** Messages in the voice of the API ("The name field is required.") rather than zod's defaults. */
const apiErrorMap: z.core.$ZodErrorMap = (issue) => {
  const field = fieldName(issue.path ?? []);
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return `The ${field} field is required.`;
    return `The ${field} field must be ${describeExpected(issue.expected)}.`;
  }
  if (issue.code === 'invalid_value') return `The selected ${field} is invalid.`;
  if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}.`;
  return undefined;
};

export const zodIssuesToFields = (issues: readonly z.core.$ZodIssue[]): FieldErrors => {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = fieldName(issue.path);
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
};

/** Parses untrusted input; on failure throws the spec's 422 with per-field messages. */
export const parseOrThrow = <TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> => {
  const result = schema.safeParse(input, { error: apiErrorMap });
  if (!result.success) throw new ValidationError(zodIssuesToFields(result.error.issues));
  return result.data;
};

/** Parses untrusted input without throwing: the value, or the per-field messages a 422 would carry. */
export const parseFields = <TSchema extends z.ZodType>(
  schema: TSchema,
  input: unknown,
): { ok: true; data: z.output<TSchema> } | { ok: false; fields: FieldErrors } => {
  const result = schema.safeParse(input, { error: apiErrorMap });
  return result.success ? { ok: true, data: result.data } : { ok: false, fields: zodIssuesToFields(result.error.issues) };
};
