import { z } from 'zod';
import { zodToJsonSchema, type AnyRouteDefinition } from '@sv/contracts';

/** What a tool's result is declared to hold, when its route answers a JSON object. */
export interface ToolOutput {
  /** The route's success body as JSON Schema, as listed to clients. */
  jsonSchema: Record<string, unknown>;
  /** The schema the MCP SDK is given (see wireSchema). */
  schema: z.ZodObject;
}

/**
 * What the SDK is given: any object, carrying the route's JSON Schema for clients to see. The
 * gateway's answer is passed on as it is; the route's own contract is what makes it conform.
 */
const wireSchema = (declared: Record<string, unknown>): z.ZodObject => z.object({}).catchall(z.unknown()).meta(declared);

/**
 * The declared result of a route whose every success answers a JSON object (the MCP spec asks an
 * output schema of type object); none for a 204, a file or an XML preview, which answer as text.
 * The bodies are what the caller receives, in draft-7: the dialect the tool inputs are listed in
 * and MCP clients validate with by default.
 */
export const toolOutputOf = (route: AnyRouteDefinition): ToolOutput | undefined => {
  const successes = Object.values(route.responses).filter((spec) => spec !== undefined);
  if (successes.length === 0) return undefined;
  const bodies: Record<string, unknown>[] = [];
  for (const spec of successes) {
    if (!spec.body || spec.contentType !== undefined) return undefined;
    const body = zodToJsonSchema(spec.body, 'output', 'draft-7');
    if (body.type !== 'object') return undefined;
    bodies.push(body);
  }
  const jsonSchema = bodies.length === 1 ? (bodies[0] as Record<string, unknown>) : { type: 'object', anyOf: bodies };
  return { jsonSchema, schema: wireSchema(jsonSchema) };
};
