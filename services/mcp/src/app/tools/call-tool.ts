import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Environment } from '@sv/contracts';
import type { Logger } from '@sv/platform';
import { chooseEnvironment } from '../gateway-client/environments.ts';
import { GatewayUnreachableError, type GatewayClient, type GatewayRequest } from '../gateway-client/gateway-client.ts';
import type { FetchGuards } from '../uploads/fetch-file.ts';
import { multipartBody, type MultipartBody } from '../uploads/multipart-body.ts';
import { openUploadFile } from '../uploads/upload-file.ts';
import { UploadFileError } from '../uploads/upload-file-error.ts';
import { ArgumentError, routeRequestParts, type RouteRequestParts } from './route-request.ts';
import type { ToolDefinition } from './tool-definitions.ts';
import { refusal, resultOf } from './tool-results.ts';

/** Who is calling, from the headers of their request to /mcp; held for that one request only. */
export interface Caller {
  /** `Bearer <key>`, or undefined when the request carried no bearer credential. */
  authorization: string | undefined;
  /** The X-Service-Env header as sent. */
  environmentHeader: string | undefined;
}

export interface ToolCallDeps {
  gateway: GatewayClient;
  fetchGuards: FetchGuards;
  logger: Logger;
}

export const MISSING_KEY_MESSAGE = 'This tool needs your API key: connect to the MCP server with the header "Authorization: Bearer <API_KEY>".';

/** Text form fields of an upload: a form carries strings only. */
const formFields = (body: Record<string, unknown> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(body ?? {}).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));

const baseHeaders = (caller: Caller, parts: RouteRequestParts): Record<string, string> => ({
  accept: 'application/json',
  'user-agent': 'sv-mcp',
  ...(caller.authorization ? { authorization: caller.authorization } : {}),
  ...(parts.idempotencyKey ? { 'idempotency-key': parts.idempotencyKey } : {}),
});

/** The request to the gateway; for an upload, with the file streamed behind the form fields. */
const gatewayRequestOf = async (
  tool: ToolDefinition,
  args: Record<string, unknown>,
  caller: Caller,
  deps: ToolCallDeps,
): Promise<{ request: GatewayRequest; upload: MultipartBody | undefined }> => {
  const { route } = tool;
  const parts = routeRequestParts(route, tool.input.places, args);
  const headers = baseHeaders(caller, parts);
  if (route.upload) {
    const file = await openUploadFile(args, route.upload, deps.fetchGuards);
    const upload = multipartBody(route.upload.field, file, formFields(parts.body));
    return { request: { method: route.method, target: parts.target, headers: { ...headers, 'content-type': upload.contentType }, body: upload.chunks }, upload };
  }
  if (parts.body === undefined) return { request: { method: route.method, target: parts.target, headers }, upload: undefined };
  return {
    request: { method: route.method, target: parts.target, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(parts.body) },
    upload: undefined,
  };
};

const send = async (environment: Environment, tool: ToolDefinition, args: Record<string, unknown>, caller: Caller, deps: ToolCallDeps, signal: AbortSignal) => {
  const { request, upload } = await gatewayRequestOf(tool, args, caller, deps);
  try {
    return await deps.gateway.send(environment, { ...request, signal });
  } catch (error) {
    // A file that failed while streaming is the reason the call broke off, not the gateway.
    const failure = upload?.failure();
    throw failure instanceof UploadFileError ? failure : error;
  } finally {
    upload?.close();
  }
};

/**
 * One tool call: the route's request to the gateway of the caller's environment, with the
 * caller's own key; the gateway's answer is the result. Nothing is kept.
 */
export const callTool = async (
  tool: ToolDefinition,
  args: Record<string, unknown>,
  caller: Caller,
  deps: ToolCallDeps,
  signal: AbortSignal,
): Promise<CallToolResult> => {
  const log = deps.logger.child({ tool: tool.name });
  const choice = chooseEnvironment(caller.environmentHeader);
  if ('problem' in choice) return refusal(choice.problem);
  // Every tool, the API's anonymous routes included: the server hands out nothing without a key.
  if (!caller.authorization) {
    log.info({ environment: choice.environment }, 'tool call refused: no API key');
    return refusal(MISSING_KEY_MESSAGE);
  }
  const started = Date.now();
  try {
    const answer = await send(choice.environment, tool, args, caller, deps, signal);
    log.info({ environment: choice.environment, status: answer.status, duration_ms: Date.now() - started }, 'tool call');
    return resultOf(answer);
  } catch (error) {
    if (error instanceof GatewayUnreachableError) {
      log.warn({ environment: choice.environment, problem: error.message, duration_ms: Date.now() - started }, 'tool call failed: API unreachable');
      return refusal(error.message);
    }
    if (error instanceof ArgumentError || error instanceof UploadFileError) {
      log.info({ environment: choice.environment, refused: error.message }, 'tool call refused');
      return refusal(error.message);
    }
    throw error;
  }
};
