import { z } from 'zod';

/** Optional free text up to `max` characters, trimmed; a blank value clears the field (null). */
export const clearableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
