import { z } from 'zod';

/**
 * Which side of a schema to describe: what a client may send (`input`: defaults optional, before
 * transforms) or what it receives (`output`).
 */
export type JsonSchemaSide = 'input' | 'output';

/** 2020-12 for OpenAPI 3.1; draft-7 where readers validate with it (MCP clients, AsyncAPI). */
export type JsonSchemaDialect = 'draft-2020-12' | 'draft-7';

/**
 * A zod schema as JSON Schema, for documents and tool listings that describe the contracts.
 * Transforms and other parts JSON Schema cannot say become "any value" rather than failing the
 * whole conversion. The `$schema` marker is dropped: the document around it declares the dialect.
 */
export const zodToJsonSchema = (schema: z.ZodType, side: JsonSchemaSide, dialect: JsonSchemaDialect): Record<string, unknown> => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: dialect, io: side, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};
