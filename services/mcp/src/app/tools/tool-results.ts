import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Messages } from '@sv/contracts';
import type { GatewayAnswer } from '../gateway-client/gateway-client.ts';

/** A call refused before it reached the API (no key, a bad argument, an unreadable file). */
export const refusal = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
  structuredContent: { error: message },
});

/**
 * A failure of the server itself: the caller learns only that it happened and the reference
 * its log line carries, never the error's own text (as the gateway's 500 body).
 */
export const internalFailure = (reference: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: `${Messages.internalError} Reference: ${reference}.` }],
  structuredContent: { error: Messages.internalError, reference },
});

/**
 * The API's answer as the tool's result: status and body as structured content, the same as
 * text for clients that read only text (a non-JSON body, such as a DDEX preview, as it is).
 * An error status makes an error result that still carries the API's error body.
 */
export const resultOf = (answer: GatewayAnswer): CallToolResult => {
  const structured = { status: answer.status, body: answer.body };
  return {
    isError: answer.status >= 400,
    content: [{ type: 'text', text: typeof answer.body === 'string' && answer.status < 400 ? answer.body : JSON.stringify(structured) }],
    structuredContent: structured,
  };
};
