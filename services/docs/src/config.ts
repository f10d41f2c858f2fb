import { z } from 'zod';
import { envFlag, logLevelEnv, parseEnv } from '@sv/platform';

/** A base address without its trailing slash, so paths can be appended to it. */
const baseUrl = (fallback: string) =>
  z
    .url()
    .default(fallback)
    .transform((value) => value.replace(/\/+$/, ''));

// No database, bus or secret: the docs host only serves what it generates from the contracts at start.
const shape = {
  SV_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
  SV_DOCS_PORT: z.coerce.number().int().min(0).max(65535).default(8084),
  /** The cluster-side listener: probes and Prometheus metrics. */
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(9108),
  SV_LOG_LEVEL: logLevelEnv,
  SV_LOG_PRETTY: envFlag,
  /** `{base_url}`: the production API root the description lists as its first server. */
  SV_PUBLIC_BASE_URL: baseUrl('http://127.0.0.1:8080/v1'),
  /** `{sandbox_base_url}`: the sandbox API root, the second server. */
  SV_SANDBOX_BASE_URL: baseUrl('http://127.0.0.1:8081/api/v1'),
};

export interface DocsConfig {
  httpHost: string;
  /** 0 picks a free port (tests). */
  httpPort: number;
  /** Probes and /metrics; 0 picks a free port. */
  healthPort: number;
  logLevel: string;
  logPretty: boolean;
  publicBaseUrl: string;
  sandboxBaseUrl: string;
}

/** The docs service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): DocsConfig =>
  parseEnv(shape, env, (parsed) => ({
    httpHost: parsed.SV_HTTP_HOST,
    httpPort: parsed.SV_DOCS_PORT,
    healthPort: parsed.SV_HEALTH_PORT,
    logLevel: parsed.SV_LOG_LEVEL,
    logPretty: parsed.SV_LOG_PRETTY,
    publicBaseUrl: parsed.SV_PUBLIC_BASE_URL,
    sandboxBaseUrl: parsed.SV_SANDBOX_BASE_URL,
  }));
