import type { RequestHandler } from 'express';

/** GET /health: liveness only; the MCP server depends on nothing it could check here. */
export const healthRoute =
  (version: string): RequestHandler =>
  (_req, res) => {
    res.json({ status: 'ok', service: 'mcp', version, time: new Date().toISOString() });
  };
