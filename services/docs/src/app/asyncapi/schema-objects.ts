import { zodToJsonSchema } from '@sv/contracts';
import type { z } from 'zod';
import type { SchemaObject } from './asyncapi-types.ts';

export interface ConvertedSchema {
  schema: SchemaObject;
  /** Shared or recursive parts, to be placed under `components.schemas` with these keys. */
  definitions: Record<string, SchemaObject>;
}

const LOCAL_DEFINITION = '#/definitions/';

/** Points `$ref`s at the hoisted definitions: `#/definitions/x` would resolve against the document root. */
const rewriteReferences = (node: unknown, keyOf: (name: string) => string): unknown => {
  if (Array.isArray(node)) return node.map((item) => rewriteReferences(item, keyOf));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([keyword, value]) =>
      keyword === '$ref' && typeof value === 'string' && value.startsWith(LOCAL_DEFINITION)
        ? [keyword, `#/components/schemas/${keyOf(value.slice(LOCAL_DEFINITION.length))}`]
        : [keyword, rewriteReferences(value, keyOf)],
    ),
  );
};

/**
 * A zod schema as an AsyncAPI schema object, as its consumers receive it (`output`). Draft-07 is
 * the dialect AsyncAPI's own schema format extends, and the parser checks payloads written in it
 * (a payload declared as JSON Schema 2020-12 passes unchecked). Parts JSON Schema cannot say
 * become "any value" rather than failing the whole document. Definitions are named under
 * `namespace`, so two events' definitions of the same name never collide.
 */
export const toSchemaObject = (schema: z.ZodType, namespace: string): ConvertedSchema => {
  const { definitions = {}, ...rest } = zodToJsonSchema(schema, 'output', 'draft-7') as SchemaObject & { definitions?: Record<string, SchemaObject> };
  const keyOf = (name: string) => `${namespace}.${name}`;
  return {
    schema: rewriteReferences(rest, keyOf) as SchemaObject,
    definitions: Object.fromEntries(
      Object.entries(definitions).map(([name, definition]) => [keyOf(name), rewriteReferences(definition, keyOf) as SchemaObject]),
    ),
  };
};
