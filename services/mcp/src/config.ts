import { z } from 'zod';
import { ConfigError, baseEnvShape, parseEnv, processEnvShape, toProcessConfig, type ProcessConfig } from '@sv/platform';

/** A base address without its trailing slash, so route paths can be appended as they are. */
const baseUrl = z
  .url({ protocol: /^https?$/ })
  .transform((value) => value.replace(/\/+$/, ''));

/*
 * The MCP server keeps no state and holds no secret: no database, no bus, no token of its own.
 * It needs only where the two gateways are and how it listens.
 */
const shape = {
  SV_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
  SV_MCP_PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  ...processEnvShape,
  /** {base_url}: the production API, version segment included. */
  SV_GATEWAY_URL: baseUrl.default('http://127.0.0.1:8080/v1'),
  /** {sandbox_base_url}: chosen per request by `X-Service-Env: sandbox`. */
  SV_SANDBOX_GATEWAY_URL: baseUrl.default('http://127.0.0.1:8081/api/v1'),
  /** How long one gateway call may take; an audio upload is the slowest. */
  SV_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /**
   * Host header values accepted on /mcp (DNS-rebinding protection), comma-separated. A name
   * without a port is accepted bare and with the listening port. Empty switches the check off,
   * for a deployment whose ingress already pins the host.
   */
  SV_MCP_ALLOWED_HOSTS: z.string().default('127.0.0.1,localhost,[::1]'),
  /** The largest JSON-RPC body: a file sent inline as base64 rides in it (larger files go by URL). */
  SV_MCP_MAX_BODY_MB: z.coerce.number().int().min(1).max(1024).default(32),
  /** Lets an upload's file_url name a loopback or private address (local development only). */
  SV_ALLOW_PRIVATE_URLS: baseEnvShape.SV_ALLOW_PRIVATE_URLS,
  SV_VERSION: baseEnvShape.SV_VERSION,
};

export interface McpConfig extends ProcessConfig {
  httpHost: string;
  port: number;
  gatewayUrls: { production: string; sandbox: string };
  gatewayTimeoutMs: number;
  /** Host names (optionally host:port); empty: no Host header check. */
  allowedHosts: string[];
  maxBodyBytes: number;
  allowPrivateUrls: boolean;
  version: string;
}

/** The MCP server's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): McpConfig =>
  parseEnv(shape, env, (parsed) => {
    // As in every service: fetching private addresses is a development allowance only.
    if (parsed.SV_ALLOW_PRIVATE_URLS && !parsed.SV_LOCAL_DEVELOPMENT) {
      throw new ConfigError('Refusing to start on unsafe configuration:\n  SV_ALLOW_PRIVATE_URLS: must not be set outside local development');
    }
    return {
      httpHost: parsed.SV_HTTP_HOST,
      port: parsed.SV_MCP_PORT,
      ...toProcessConfig(parsed, 9109),
      gatewayUrls: { production: parsed.SV_GATEWAY_URL, sandbox: parsed.SV_SANDBOX_GATEWAY_URL },
      gatewayTimeoutMs: parsed.SV_GATEWAY_TIMEOUT_MS,
      allowedHosts: parsed.SV_MCP_ALLOWED_HOSTS.split(',')
        .map((host) => host.trim())
        .filter(Boolean),
      maxBodyBytes: parsed.SV_MCP_MAX_BODY_MB * 1024 * 1024,
      allowPrivateUrls: parsed.SV_ALLOW_PRIVATE_URLS,
      version: parsed.SV_VERSION,
    };
  });
