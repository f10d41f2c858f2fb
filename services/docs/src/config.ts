import { z } from 'zod';
import { ConfigError, parseEnv, processEnvShape, toProcessConfig, type ProcessConfig } from '@sv/platform';

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
  // SV_LOCAL_DEVELOPMENT among them: on a developer's machine the servers may default to the local gateways.
  ...processEnvShape,
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

export interface DocsConfig extends ProcessConfig {
  httpHost: string;
  /** 0 picks a free port (tests). */
  httpPort: number;
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
      ...toProcessConfig(parsed, 9108),
      publicBaseUrl: parsed.SV_PUBLIC_BASE_URL ?? LOCAL_SERVERS.SV_PUBLIC_BASE_URL,
      sandboxBaseUrl: parsed.SV_SANDBOX_BASE_URL ?? LOCAL_SERVERS.SV_SANDBOX_BASE_URL,
    };
  });
