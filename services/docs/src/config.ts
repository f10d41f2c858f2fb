import { z } from 'zod';
import { ConfigError, envFlag, logLevelEnv, parseEnv, probeEnvShape } from '@sv/platform';

/** A base address without its trailing slash, so paths can be appended to it. */
const baseUrl = z
  .url()
  .transform((value) => value.replace(/\/+$/, ''))
  .optional();

/** Local development's API roots (the bring-up's gateways); a deployment names its own. */
const LOCAL_SERVERS = {
  SV_PUBLIC_BASE_URL: 'http://127.0.0.1:8080/v1',
  SV_SANDBOX_BASE_URL: 'http://127.0.0.1:8081/api/v1',
} as const;

// No database, bus or secret: the docs host only serves what it generates from the contracts at start.
const shape = {
  SV_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
  SV_DOCS_PORT: z.coerce.number().int().min(0).max(65535).default(8084),
  /** The cluster-side listener: probes and Prometheus metrics. */
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(9108),
  ...probeEnvShape,
  SV_LOG_LEVEL: logLevelEnv,
  SV_LOG_PRETTY: envFlag,
  /** A developer's machine or a test run: the servers may default to the local gateways. */
  SV_LOCAL_DEVELOPMENT: envFlag,
  /** `{base_url}`: the production API root the description lists as its first server. */
  SV_PUBLIC_BASE_URL: baseUrl,
  /** `{sandbox_base_url}`: the sandbox API root, the second server. */
  SV_SANDBOX_BASE_URL: baseUrl,
};

/**
 * A deployment's description must never publish the loopback defaults as its servers: outside
 * local development both roots are required, as every service refuses development defaults.
 */
const refuseDefaultServers = (parsed: { SV_LOCAL_DEVELOPMENT: boolean; SV_PUBLIC_BASE_URL?: string | undefined; SV_SANDBOX_BASE_URL?: string | undefined }): void => {
  if (parsed.SV_LOCAL_DEVELOPMENT) return;
  const missing = (Object.keys(LOCAL_SERVERS) as (keyof typeof LOCAL_SERVERS)[]).filter((name) => parsed[name] === undefined);
  if (missing.length === 0) return;
  const problems = missing.map((name) => `${name}: is required outside local development (an API root the description publishes)`);
  throw new ConfigError(`Refusing to start on unsafe configuration:\n  ${problems.join('\n  ')}`);
};

export interface DocsConfig {
  httpHost: string;
  /** 0 picks a free port (tests). */
  httpPort: number;
  /** Probes and /metrics; 0 picks a free port. */
  healthPort: number;
  /** The address of the probe and metrics listener. */
  probeHost: string;
  logLevel: string;
  logPretty: boolean;
  publicBaseUrl: string;
  sandboxBaseUrl: string;
}

/** The docs service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): DocsConfig =>
  parseEnv(shape, env, (parsed) => {
    refuseDefaultServers(parsed);
    return {
      httpHost: parsed.SV_HTTP_HOST,
      httpPort: parsed.SV_DOCS_PORT,
      healthPort: parsed.SV_HEALTH_PORT,
      probeHost: parsed.SV_PROBE_HOST,
      logLevel: parsed.SV_LOG_LEVEL,
      logPretty: parsed.SV_LOG_PRETTY,
      publicBaseUrl: parsed.SV_PUBLIC_BASE_URL ?? LOCAL_SERVERS.SV_PUBLIC_BASE_URL,
      sandboxBaseUrl: parsed.SV_SANDBOX_BASE_URL ?? LOCAL_SERVERS.SV_SANDBOX_BASE_URL,
    };
  });
