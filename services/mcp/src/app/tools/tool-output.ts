import { z } from 'zod';
import type { AnyRouteDefinition } from '@sv/contracts';

/** What a tool's result is declared to hold, when its route answers a JSON object. */
export interface ToolOutput {
  /** The route's success body as JSON Schema, as listed to clients. */
  jsonSchema: Record<string, unknown>;
  /** The schema the MCP SDK is given (see wireSchema). */
  schema: z.ZodObject;
}

/**
 * A response body as JSON Schema, what the caller receives (`output`), converted as the OpenAPI
 * description converts it; draft-7, the dialect the tool inputs are listed in and MCP clients
 * validate with by default.
 */
const jsonSchemaOf = (schema: z.ZodType): Record<string, unknown> => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

/**
 * What the SDK is given: any object, carrying the route's JSON Schema for clients to see. The
 * gateway's answer is passed on as it is; the route's own contract is what makes it conform.
 */
const wireSchema = (declared: Record<string, unknown>): z.ZodObject => z.object({}).catchall(z.unknown()).meta(declared);

/**
 * The declared result of a route whose every success answers a JSON object (the MCP spec asks an
 * output schema of type object); none for a 204, a file or an XML preview, which answer as text.
 */
export const toolOutputOf = (route: AnyRouteDefinition): ToolOutput | undefined => {
  const successes = Object.values(route.responses).filter((spec) => spec !== undefined);
  if (successes.length === 0) return undefined;
  const bodies: Record<string, unknown>[] = [];
  for (const spec of successes) {
    if (!spec.body || spec.contentType !== undefined) return undefined;
    const body = jsonSchemaOf(spec.body);
    if (body.type !== 'object') return undefined;
    bodies.push(body);
  }
  const jsonSchema = bodies.length === 1 ? (bodies[0] as Record<string, unknown>) : { type: 'object', anyOf: bodies };
  return { jsonSchema, schema: wireSchema(jsonSchema) };
};
