import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Environment } from '@sv/contracts';
import { newErrorReference, type Logger } from '@sv/platform';
import { chooseEnvironment } from '../gateway-client/environments.ts';
import { GatewayUnreachableError, type GatewayAnswer, type GatewayClient, type GatewayRequest } from '../gateway-client/gateway-client.ts';
import { refusalOfKey } from '../gateway-client/key-check.ts';
import type { FetchGuards } from '../uploads/fetch-file.ts';
import { multipartBody, type MultipartBody } from '../uploads/multipart-body.ts';
import { openUploadFile } from '../uploads/upload-file.ts';
import { UploadFileError } from '../uploads/upload-file-error.ts';
import { ArgumentError } from './argument-error.ts';
import { routeRequestParts, type RouteRequestParts } from './route-request.ts';
import type { ToolDefinition } from './tool-definitions.ts';
import { internalFailure, refusal, resultOf } from './tool-results.ts';

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
  parts: RouteRequestParts,
  args: Record<string, unknown>,
  caller: Caller,
  deps: ToolCallDeps,
): Promise<{ request: GatewayRequest; upload: MultipartBody | undefined }> => {
  const { route } = tool;
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

/** True when the call asks the server to fetch a file from a URL the caller names. */
const fetchesFileUrl = (tool: ToolDefinition, args: Record<string, unknown>): boolean =>
  tool.route.upload !== undefined && typeof args.file_url === 'string' && args.file_url.trim() !== '';

const send = async (
  environment: Environment,
  tool: ToolDefinition,
  args: Record<string, unknown>,
  caller: Caller & { authorization: string },
  deps: ToolCallDeps,
  signal: AbortSignal,
): Promise<GatewayAnswer> => {
  // Every argument that decides where the request goes is checked before anything is sent.
  const parts = routeRequestParts(tool.route, tool.input.places, args);
  // The server fetches nothing for a key the API would refuse.
  if (fetchesFileUrl(tool, args)) {
    const refused = await refusalOfKey(deps.gateway, environment, caller.authorization, signal);
    if (refused) return refused;
  }
  const { request, upload } = await gatewayRequestOf(tool, parts, args, caller, deps);
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
 * caller's own key; the gateway's answer is the result. Nothing is kept, and nothing is thrown:
 * an unexpected failure is answered with a reference to its log line.
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
    const answer = await send(choice.environment, tool, args, { ...caller, authorization: caller.authorization }, deps, signal);
    log.info({ environment: choice.environment, status: answer.status, duration_ms: Date.now() - started }, 'tool call');
    return resultOf(answer, tool.output !== undefined);
  } catch (error) {
    if (error instanceof GatewayUnreachableError) {
      log.warn({ environment: choice.environment, problem: error.message, duration_ms: Date.now() - started }, 'tool call failed: API unreachable');
      return refusal(error.message);
    }
    if (error instanceof ArgumentError || error instanceof UploadFileError) {
      log.info({ environment: choice.environment, refused: error.message }, 'tool call refused');
      return refusal(error.message);
    }
    // Anything else is the server's own failure: its text is for the log, not for the caller.
    const reference = newErrorReference();
    log.error({ err: error, reference, environment: choice.environment }, 'tool call failed');
    return internalFailure(reference);
  }
};
