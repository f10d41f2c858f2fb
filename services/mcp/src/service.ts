import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKeepAliveServer, createLogger, startHealthServer, type Logger } from '@sv/platform';
import type { McpConfig } from './config.ts';
import { createGatewayClient } from './app/gateway-client/gateway-client.ts';
import { buildRuleResources } from './app/resources/rule-resources.ts';
import { buildToolDefinitions } from './app/tools/tool-definitions.ts';
import { TOOL_DOMAINS } from './app/tools/tool-domains.ts';
import { allowedHostHeaders } from './http/allowed-hosts.ts';
import { createMcpApp } from './http/app.ts';

export interface RunningMcp {
  logger: Logger;
  /** The MCP endpoint with every tool, e.g. http://127.0.0.1:8082/mcp; each domain's tools are at `${url}/<domain>`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const listen = (server: Server, host: string, port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });

/**
 * Starts the MCP server: the tools and rules pages are built once from the route registry, then
 * each POST /mcp gets its own server over them.
 */
export const startMcp = async (config: McpConfig): Promise<RunningMcp> => {
  const logger = createLogger({ service: 'mcp', env: 'all', level: config.logLevel, pretty: config.logPretty });
  const tools = buildToolDefinitions();
  const deps = {
    tools,
    resources: buildRuleResources(tools),
    version: config.version,
    gateway: createGatewayClient({ urls: config.gatewayUrls, timeoutMs: config.gatewayTimeoutMs }),
    fetchGuards: { allowPrivateUrls: config.allowPrivateUrls, timeoutMs: config.gatewayTimeoutMs },
    logger,
  };
  const server = createKeepAliveServer();
  const port = await listen(server, config.httpHost, config.port);
  // The Host check needs the port actually bound (0 picks one).
  const app = createMcpApp({ deps, allowedHosts: allowedHostHeaders(config.allowedHosts, port), maxBodyBytes: config.maxBodyBytes, logger });
  server.on('request', app);
  const host = config.httpHost.includes(':') ? `[${config.httpHost}]` : config.httpHost;
  const url = `http://${host}:${port}/mcp`;
  // Ready as soon as it listens: each call reaches the gateways on its own, and says so when one is down.
  const health = await startHealthServer(config.healthPort, async () => ({ tools: { ok: tools.length > 0 } }), config.probeHost);
  logger.info({ url, tools: tools.length, domains: TOOL_DOMAINS.map((domain) => `${url}/${domain}`), gateways: config.gatewayUrls, health_port: (health.address() as AddressInfo).port }, 'mcp listening');
  return {
    logger,
    url,
    port,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await new Promise<void>((resolve) => health.close(() => resolve()));
    },
  };
};
