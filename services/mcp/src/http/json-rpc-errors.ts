import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from '@sv/platform';

/** JSON-RPC error codes used at the HTTP edge (before any MCP message is read). */
const PARSE_ERROR = -32700;
const SERVER_ERROR = -32000;
const INTERNAL_ERROR = -32603;

const replyError = (res: Response, status: number, code: number, message: string): void => {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
};

/** GET and DELETE on /mcp: a stateless server has no stream to open and no session to end. */
export const methodNotAllowed: RequestHandler = (_req, res) => {
  res.set('Allow', 'POST');
  replyError(res, 405, SERVER_ERROR, 'Method not allowed: this MCP server is stateless; send every message with POST.');
};

export const notFound: RequestHandler = (_req, res) => replyError(res, 404, SERVER_ERROR, 'Not found: the MCP endpoint is POST /mcp.');

/** Body problems get the JSON-RPC answer a client understands; anything else is logged and a 500. */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: { type?: string; status?: number }, _req, res, _next) => {
    if (res.headersSent) return;
    if (error.type === 'entity.too.large') return replyError(res, 413, SERVER_ERROR, 'The request body is too large; send large files as file_url.');
    if (error.type === 'entity.parse.failed') return replyError(res, 400, PARSE_ERROR, 'Parse error: the body is not JSON.');
    logger.error({ err: error }, 'mcp request failed');
    replyError(res, 500, INTERNAL_ERROR, 'Internal server error.');
  };
