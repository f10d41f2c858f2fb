import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Messages } from '@sv/contracts';
import type { GatewayAnswer } from '../gateway-client/gateway-client.ts';

/** A call refused before it reached the API (no key, a bad argument, an unreadable file). */
export const refusal = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
});

/**
 * A failure of the server itself: the caller learns only that it happened and the reference
 * its log line carries, never the error's own text (as the gateway's 500 body).
 */
export const internalFailure = (reference: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: `${Messages.internalError} Reference: ${reference}.` }],
});

const isJsonObject = (value: unknown): boolean => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The API's answer as the tool's result.
 * - A success of a tool that declares an output schema: the body itself as structured content,
 *   and the same JSON as text for clients that read only text.
 * - Any other success (a 204, a DDEX preview): status and body as structured content, a text body
 *   as it is, anything else as that JSON.
 * - An error status (or, for a tool with an output schema, a body that is not an object): an error
 *   result whose text is the status and the API's body as JSON, with no structured content (it
 *   would not match the declared schema).
 */
export const resultOf = (answer: GatewayAnswer, declaresOutput: boolean): CallToolResult => {
  // A success body other than an object breaks the route's contract: it is not passed off as the declared result.
  if (answer.status >= 400 || (declaresOutput && !isJsonObject(answer.body))) {
    return { isError: true, content: [{ type: 'text', text: JSON.stringify({ status: answer.status, body: answer.body }) }] };
  }
  if (declaresOutput) return { isError: false, content: [{ type: 'text', text: JSON.stringify(answer.body) }], structuredContent: answer.body as Record<string, unknown> };
  const structured = { status: answer.status, body: answer.body };
  return {
    isError: false,
    content: [{ type: 'text', text: typeof answer.body === 'string' ? answer.body : JSON.stringify(structured) }],
    structuredContent: structured,
  };
};
