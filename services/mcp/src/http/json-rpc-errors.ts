import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { Messages } from '@sv/contracts';
import { newErrorReference, type Logger } from '@sv/platform';
import { TOOL_DOMAINS } from '../app/tools/tool-domains.ts';

/** JSON-RPC error codes used at the HTTP edge (before any MCP message is read). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const SERVER_ERROR = -32000;
const INTERNAL_ERROR = -32603;

/** Body refusals of json-body.ts: their messages are written for the caller. */
const BODY_REFUSALS: ReadonlySet<string> = new Set(['entity.too.deep', 'charset.not.utf8']);

const replyError = (res: Response, status: number, code: number, message: string, data?: Record<string, unknown>): void => {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message, ...(data ? { data } : {}) }, id: null });
};

/** What the body parser and json-body.ts throw: an http-errors error, `expose` when its message is for clients. */
interface EdgeError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
}

const clientStatus = (status: number | undefined): status is number => status !== undefined && status >= 400 && status <= 499;

/** GET and DELETE on /mcp (or a domain's /mcp/<domain>): a stateless server has no stream to open and no session to end. */
export const methodNotAllowed: RequestHandler = (_req, res) => {
  res.set('Allow', 'POST');
  replyError(res, 405, SERVER_ERROR, 'Method not allowed: this MCP server is stateless; send every message with POST.');
};

export const notFound: RequestHandler = (_req, res) => replyError(res, 404, SERVER_ERROR, `Not found: the MCP endpoint is POST /mcp, or POST /mcp/<domain> for one domain's tools (${TOOL_DOMAINS.join(', ')}).`);

/**
 * Body problems get the JSON-RPC answer a client understands. Anything else is the server's own
 * failure: logged with a reference, answered with that reference and never the error's text.
 */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: EdgeError, _req, res, _next) => {
    if (res.headersSent) return;
    if (error.type === 'entity.too.large') return replyError(res, 413, SERVER_ERROR, 'The request body is too large; send large files as file_url.');
    if (error.type === 'entity.parse.failed') return replyError(res, 400, PARSE_ERROR, 'Parse error: the body is not JSON.');
    if (error.type !== undefined && BODY_REFUSALS.has(error.type) && clientStatus(error.status)) {
      return replyError(res, error.status, INVALID_REQUEST, error.message ?? 'Invalid request.');
    }
    // The body parser's other refusals (an unsupported charset or encoding, a broken-off upload) say what is wrong.
    if (error.expose === true && clientStatus(error.status)) return replyError(res, error.status, INVALID_REQUEST, `Invalid request: ${error.message}.`);
    const reference = newErrorReference();
    logger.error({ err: error, reference }, 'mcp request failed');
    replyError(res, 500, INTERNAL_ERROR, `${Messages.internalError} Reference: ${reference}.`, { reference });
  };
