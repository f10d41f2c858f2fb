import type { RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer, type McpServerDeps } from '../app/mcp-server.ts';
import { callerOf } from './caller.ts';
import { redactInternalErrors } from './internal-errors.ts';

/**
 * POST /mcp, stateless: a fresh server and transport for each request, bound to this caller's
 * key, closed with the response. Nothing outlives the request, so any replica can take any call.
 */
export const mcpRoute =
  (deps: McpServerDeps, allowedHosts: readonly string[]): RequestHandler =>
  async (req, res) => {
    const server = createMcpServer(deps, callerOf(req));
    const transport = redactInternalErrors(
      new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        // A web page on another origin could otherwise reach a local server through a rebound name.
        enableDnsRebindingProtection: allowedHosts.length > 0,
        allowedHosts: [...allowedHosts],
      }),
      deps.logger,
    );
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };
