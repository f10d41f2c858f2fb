import { zodToJsonSchema } from '@sv/contracts';
import type { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const asSchemas = (value: unknown): JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);

/** The alternatives of a field, with `null` (clearing the field) left out. */
const alternatives = (schema: JsonSchema): JsonSchema[] => {
  const options = [...asSchemas(schema.anyOf), ...asSchemas(schema.oneOf)];
  return (options.length > 0 ? options.flatMap(alternatives) : [schema]).filter((option) => option.type !== 'null');
};

const typeOf = (schema: JsonSchema): string => {
  if (Array.isArray(schema.enum)) return 'enum';
  if (schema.type === 'array') {
    const items = (schema.items ?? {}) as JsonSchema;
    return `array of ${items.type === 'object' ? 'objects' : alternatives(items).map(typeOf).join(' or ')}`;
  }
  return typeof schema.type === 'string' ? schema.type : 'any';
};

const notesOf = (schema: JsonSchema): string[] => {
  const notes: string[] = [];
  if (Array.isArray(schema.enum)) notes.push(`one of ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}`);
  if (typeof schema.format === 'string') notes.push(schema.format);
  if (typeof schema.minLength === 'number' && schema.minLength > 0) notes.push('not empty');
  if (typeof schema.maxLength === 'number') notes.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.minimum === 'number' && schema.minimum > Number.MIN_SAFE_INTEGER) notes.push(`≥ ${schema.minimum}`);
  if (typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER) notes.push(`≤ ${schema.maximum}`);
  if (schema.type === 'array' && typeof schema.maxItems === 'number') notes.push(`at most ${schema.maxItems} items`);
  if (schema.type === 'array') {
    const items = (schema.items ?? {}) as JsonSchema;
    if (items.type === 'object') notes.push(`each with ${Object.keys((items.properties ?? {}) as object).join(', ')}`);
    if (Array.isArray(items.enum)) notes.push(`items one of ${items.enum.map((value) => `\`${String(value)}\``).join(', ')}`);
  }
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
};

/**
 * A markdown table of the fields a request body takes, from its zod schema (the same the service
 * validates with): name, type, whether required, and the limits a value must keep, after the
 * spec's word on the field where `notes` has one.
 */
export const fieldTable = (body: z.ZodType, notes: Readonly<Record<string, string>> = {}): string => {
  const json = zodToJsonSchema(body, 'input', 'draft-2020-12');
  const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
  const rows = Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => {
    const options = alternatives(schema);
    const type = [...new Set(options.map(typeOf))].join(' or ');
    const rules = [notes[name], ...options.flatMap(notesOf)].filter(Boolean).join('; ');
    return `| \`${name}\` | ${type} | ${required.has(name) ? '**yes**' : 'no'} | ${rules} |`;
  });
  return ['| field | type | required | rules |', '|---|---|---|---|', ...rows].join('\n');
};
