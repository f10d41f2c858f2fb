import { zodToJsonSchema, type JsonSchemaSide } from '@sv/contracts';
import type { z } from 'zod';
import type { JsonSchema } from './openapi-types.ts';

/** Keywords whose values are data, not schemas. */
const LITERAL_KEYWORDS = new Set(['const', 'default', 'enum', 'examples', 'example', 'required']);

const isSchema = (value: unknown): value is JsonSchema => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Tidies one converted node for readers:
 * - a `pattern` beside a `format` (uuid, date, email…) is the validator's own regex of that
 *   format; the format already says it, and the regex would repeat hundreds of times;
 * - an integer's safe-integer bounds are the validator's, not the API's;
 * - a record keyed by an enum has every key (zod requires them all), so the keys are spelled out
 *   as properties instead of a `required` list naming properties that are nowhere defined.
 */
const tidy = (node: JsonSchema): JsonSchema => {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (LITERAL_KEYWORDS.has(keyword)) out[keyword] = value;
    else if (Array.isArray(value)) out[keyword] = value.map((item) => (isSchema(item) ? tidy(item) : item));
    else if (isSchema(value)) {
      out[keyword] =
        keyword === 'properties'
          ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, isSchema(child) ? tidy(child) : child]))
          : tidy(value);
    } else out[keyword] = value;
  }
  if (typeof out.format === 'string') delete out.pattern;
  if (out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
  if (out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
  const keys = isSchema(out.propertyNames) ? out.propertyNames.enum : undefined;
  if (Array.isArray(keys) && !out.properties && isSchema(out.additionalProperties)) {
    const value = out.additionalProperties;
    out.properties = Object.fromEntries(keys.map((key) => [String(key), value]));
    delete out.propertyNames;
    out.additionalProperties = false;
  }
  return out;
};

/** A zod schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1 (declared once by the document), tidied for readers. */
export const toJsonSchema = (schema: z.ZodType, side: JsonSchemaSide): JsonSchema => tidy(zodToJsonSchema(schema, side, 'draft-2020-12'));

/** The properties of an object schema and which of them are required. */
export const objectProperties = (schema: JsonSchema): { properties: Record<string, JsonSchema>; required: ReadonlySet<string> } => ({
  properties: (schema.properties as Record<string, JsonSchema> | undefined) ?? {},
  required: new Set((schema.required as string[] | undefined) ?? []),
});
