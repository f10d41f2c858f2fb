import type { JsonSchema } from './openapi-types.ts';

/*
 * Example values generated from JSON Schema, so that every documented body shows something a
 * client could send as it is. A string is chosen from plausible candidates (by format, then by
 * the property's name, then generic ones) as the first that satisfies the schema's pattern and
 * length; numbers respect their bounds; arrays carry their minimum number of items (at least one).
 */

const SAMPLE_UUID = '3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
const SAMPLE_DATE = '2026-06-01';
const SAMPLE_DATE_TIME = '2026-05-18T09:30:00Z';

const BY_FORMAT: Record<string, string> = {
  uuid: SAMPLE_UUID,
  date: SAMPLE_DATE,
  'date-time': SAMPLE_DATE_TIME,
  email: 'label@example.com',
  uri: 'https://example.com/resource',
  url: 'https://example.com/resource',
};

/** Candidates by a word in the property's name, most specific first. */
const BY_NAME: readonly [RegExp, string][] = [
  [/email/, 'label@example.com'],
  [/password/, 'correct-horse-battery-staple'],
  [/(^|_)(url|uri|href|website)$/, 'https://example.com/resource'],
  [/_at$/, SAMPLE_DATE_TIME],
  [/date|_on$|^from$|^to$|^since$|^until$/, SAMPLE_DATE],
  [/isrc/, 'GBXYZ2600001'],
  [/upc|ean|barcode/, '036000291452'],
  [/iswc/, 'T-123.456.789-C'],
  [/ipi/, '00123456789'],
  [/locale|language/, 'en'],
  [/country|territor|market/, 'GB'],
  [/currency/, 'USD'],
  [/period/, '2026-05'],
  [/slug|dsp|store/, 'spotify'],
  [/^apple_id$/, '1234567890'],
  [/(^|_)(id|uuid)$/, SAMPLE_UUID],
  [/title/, 'Midnight Drive'],
  [/name/, 'Nova Lane'],
  [/genre/, 'Pop'],
  [/label/, 'Example Records'],
  [/copyright|holder|owner/, 'Example Records Ltd'],
  [/reason|message|description|note|comment/, 'Example text.'],
  [/role/, 'owner'],
  [/domain|host/, 'music.example.com'],
  [/event/, 'release.delivered'],
  [/amount|price|total|revenue/, '12.50'],
  [/otp|code/, '123456'],
  [/token/, 'example-token'],
];

/** Tried last, for patterns the names above do not meet. */
const GENERIC_STRINGS = [
  'example',
  'GB',
  'USD',
  'en',
  '2026-05',
  SAMPLE_DATE,
  SAMPLE_DATE_TIME,
  '12.50',
  '100',
  '1',
  SAMPLE_UUID,
  'spotify.xml',
  'spotify:artist:4Z8W4fKeB5YxbusRsdQVPb',
  '4Z8W4fKeB5YxbusRsdQVPb',
  'example-slug',
];

const MAX_DEPTH = 12;

const typesOf = (schema: JsonSchema): string[] => {
  const type = schema.type;
  if (Array.isArray(type)) return type as string[];
  return typeof type === 'string' ? [type] : [];
};

const fits = (candidate: string, schema: JsonSchema): boolean => {
  const { pattern, minLength, maxLength } = schema as { pattern?: string; minLength?: number; maxLength?: number };
  if (minLength !== undefined && candidate.length < minLength) return false;
  if (maxLength !== undefined && candidate.length > maxLength) return false;
  if (pattern === undefined) return true;
  try {
    return new RegExp(pattern, 'u').test(candidate);
  } catch {
    return true;
  }
};

const stringExample = (schema: JsonSchema, name: string): string => {
  const lowered = name.toLowerCase();
  const format = typeof schema.format === 'string' ? BY_FORMAT[schema.format] : undefined;
  const named = BY_NAME.filter(([words]) => words.test(lowered)).map(([, value]) => value);
  const candidates = [...(format ? [format] : []), ...named, ...GENERIC_STRINGS];
  const found = candidates.find((candidate) => fits(candidate, schema));
  if (found !== undefined) return found;
  // Nothing fits (a pattern no candidate meets): the likeliest candidate within the length bounds.
  const first = candidates[0] ?? 'example';
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  return first.padEnd(minLength, 'x').slice(0, maxLength);
};

/** Numbers by a word in the property's name; 1 otherwise. A lone split or share takes the whole 100. */
const NUMBERS_BY_NAME: readonly [RegExp, number][] = [
  [/year/, 2026],
  [/percent|share|split/, 100],
  [/duration_ms/, 215_000],
  [/per_page|limit/, 20],
];

const numberExample = (schema: JsonSchema, name: string, integer: boolean): number => {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema as Record<string, number | undefined>;
  const lowered = name.toLowerCase();
  const preferred = NUMBERS_BY_NAME.find(([words]) => words.test(lowered))?.[1] ?? 1;
  const low = minimum ?? (exclusiveMinimum !== undefined ? exclusiveMinimum + (integer ? 1 : 0.01) : undefined);
  const high = maximum ?? (exclusiveMaximum !== undefined ? exclusiveMaximum - (integer ? 1 : 0.01) : undefined);
  let value = preferred;
  if (low !== undefined && value < low) value = low;
  if (high !== undefined && value > high) value = high;
  return integer ? Math.ceil(value) : value;
};

const singular = (name: string): string => (name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, ''));

const objectExample = (schema: JsonSchema, depth: number): Record<string, unknown> => {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const example: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) example[key] = exampleFrom(property, key, depth + 1);
  const extra = schema.additionalProperties;
  if (Object.keys(properties).length === 0 && extra && typeof extra === 'object' && typesOf(extra as JsonSchema).length > 0) {
    example.key = exampleFrom(extra as JsonSchema, 'key', depth + 1);
  }
  return example;
};

const arrayExample = (schema: JsonSchema, name: string, depth: number): unknown[] => {
  const items = (schema.items as JsonSchema | undefined) ?? {};
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  const count = Math.min(Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, 1), maxItems);
  const item = exampleFrom(items, singular(name), depth + 1);
  return Array.from({ length: count }, () => structuredClone(item));
};

/** The branch an example takes from a choice: the first that is not just null. */
const chosenBranch = (branches: JsonSchema[]): JsonSchema | undefined =>
  branches.find((branch) => !(typesOf(branch).length === 1 && branch.type === 'null')) ?? branches[0];

function exampleFrom(schema: JsonSchema, name: string, depth: number): unknown {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const choice = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choice) return exampleFrom(chosenBranch(choice) ?? {}, name, depth + 1);
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as JsonSchema[]).map((part) => exampleFrom(part, name, depth + 1));
    return parts.every((part) => part !== null && typeof part === 'object' && !Array.isArray(part)) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = typesOf(schema).find((candidate) => candidate !== 'null') ?? (typesOf(schema).includes('null') ? 'null' : undefined);
  switch (type) {
    case 'object':
      return objectExample(schema, depth);
    case 'array':
      return arrayExample(schema, name, depth);
    case 'string':
      return stringExample(schema, name);
    case 'integer':
      return numberExample(schema, name, true);
    case 'number':
      return numberExample(schema, name, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      // Any value: a string named after the field reads best.
      return schema.properties ? objectExample(schema, depth) : stringExample({}, name);
  }
}

/** An example value for `schema`; `name` is the property or field it describes, when it has one. */
export const exampleOf = (schema: JsonSchema, name = ''): unknown => exampleFrom(schema, name, 0);
