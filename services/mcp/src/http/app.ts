import express, { type Express } from 'express';
import { httpMetrics, type Logger } from '@sv/platform';
import type { McpServerDeps } from '../app/mcp-server.ts';
import { TOOL_DOMAINS } from '../app/tools/tool-domains.ts';
import { healthRoute } from './health-route.ts';
import { jsonBody } from './json-body.ts';
import { errorHandler, methodNotAllowed, notFound } from './json-rpc-errors.ts';
import { mcpRoute } from './mcp-route.ts';

export interface McpAppOptions {
  deps: McpServerDeps;
  /** Host header values accepted on /mcp; empty: no check. */
  allowedHosts: readonly string[];
  maxBodyBytes: number;
  logger: Logger;
}

/**
 * The HTTP edge: POST /mcp (streamable HTTP, stateless) with every tool, POST /mcp/<domain> with
 * one domain's tools (an unknown domain is not found), GET /health.
 */
export const createMcpApp = (options: McpAppOptions): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.use(httpMetrics<express.Request>('mcp', (req) => (req.route as { path?: string } | undefined)?.path ?? 'unmatched'));
  app.get('/health', healthRoute(options.deps.version));
  app.post('/mcp', jsonBody(options.maxBodyBytes), mcpRoute(options.deps, options.allowedHosts));
  app.all('/mcp', methodNotAllowed);
  for (const domain of TOOL_DOMAINS) {
    const deps = { ...options.deps, tools: options.deps.tools.filter((tool) => tool.domain === domain) };
    app.post(`/mcp/${domain}`, jsonBody(options.maxBodyBytes), mcpRoute(deps, options.allowedHosts));
    app.all(`/mcp/${domain}`, methodNotAllowed);
  }
  app.use(notFound);
  app.use(errorHandler(options.logger));
  return app;
};
