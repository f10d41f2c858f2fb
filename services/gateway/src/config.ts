import { isIP } from 'node:net';
import { z } from 'zod';
import { baseEnvShape, blobEnvShape, parseEnv, toBaseConfig, toBlobStoreConfig, type BaseConfig, type BlobStoreConfig } from '@sv/platform';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (item: string): boolean => {
  if (PROXY_NAMES.has(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const size = Number(bits);
  return /^\d+$/.test(bits) && size >= 0 && size <= (family === 4 ? 32 : 128);
};

const shape = {
  ...baseEnvShape,
  SV_HTTP_HOST: z.string().default('127.0.0.1'),
  SV_HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Path the API is mounted under: '' in production, '/api' in the sandbox. */
  SV_BASE_PATH: z
    .string()
    .regex(/^(\/[A-Za-z0-9_-]+)*$/, 'must be empty or like /api')
    .optional(),
  SV_TOKEN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** When set, this gateway also serves the blob directory read-only on that port (local CDN). */
  SV_CDN_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SV_DOCS_URL: z.url().default('http://127.0.0.1:8084'),
  /**
   * The API's public origin as clients reach it (https://api.example.com), used in links the
   * gateway writes. Unset: the address the gateway listens on.
   */
  SV_PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine((value) => new URL(value).pathname === '/' && !new URL(value).search, 'must be an origin: scheme, host and port only')
    .optional(),
  SV_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Proxies whose X-Forwarded-For names the client (rate limits count per client address):
   * comma-separated addresses or CIDR ranges, or proxy-addr's names loopback, linklocal,
   * uniquelocal. Empty: the connecting address is the client.
   */
  SV_TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== ''))
    .refine((items) => items.every(isProxyAddress), 'must be addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated'),
  SV_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  SV_REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Secure + SameSite=Strict refresh cookie; only local development over plain http turns it off. */
  SV_COOKIE_SECURE: z.enum(['0', '1']).default('1'),
  /** Scales every rate limit; only benchmarks raise it. Production manifests never set it. */
  SV_RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
};

export interface GatewayConfig extends BaseConfig {
  httpHost: string;
  httpPort: number;
  basePath: string;
  blobStore: BlobStoreConfig;
  cdnUrl: string;
  cdnPort: number | undefined;
  docsUrl: string;
  publicUrl: string | undefined;
  serviceTimeoutMs: number;
  trustedProxies: string[];
  rateLimitMultiplier: number;
  sessions: { secret: string; audience: string; ttlSeconds: number; refreshTtlDays: number; cookieSecure: boolean };
}

/** Local-development secrets; production manifests always set SV_TOKEN_SECRET from a Secret. */
const DEVELOPMENT_TOKEN_SECRET = {
  production: 'local-production-token-secret-change-me',
  sandbox: 'local-sandbox-token-secret-change-me',
} as const;

/** The gateway's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  parseEnv({ ...shape, ...blobEnvShape(env) }, env, (parsed) => {
    const sandbox = parsed.SV_ENV === 'sandbox';
    return {
      ...toBaseConfig(parsed),
      httpHost: parsed.SV_HTTP_HOST,
      httpPort: parsed.SV_HTTP_PORT ?? (sandbox ? 8081 : 8080),
      basePath: parsed.SV_BASE_PATH ?? (sandbox ? '/api' : ''),
      blobStore: toBlobStoreConfig(parsed),
      cdnUrl: parsed.SV_CDN_URL.replace(/\/$/, ''),
      cdnPort: parsed.SV_CDN_PORT,
      docsUrl: parsed.SV_DOCS_URL.replace(/\/$/, ''),
      publicUrl: parsed.SV_PUBLIC_URL ? new URL(parsed.SV_PUBLIC_URL).origin : undefined,
      serviceTimeoutMs: parsed.SV_SERVICE_TIMEOUT_MS,
      trustedProxies: parsed.SV_TRUSTED_PROXIES,
      rateLimitMultiplier: parsed.SV_RATE_LIMIT_MULTIPLIER,
      sessions: {
        secret: parsed.SV_TOKEN_SECRET ?? DEVELOPMENT_TOKEN_SECRET[parsed.SV_ENV],
        audience: `sv:${parsed.SV_ENV}`,
        ttlSeconds: parsed.SV_ACCESS_TOKEN_TTL_SECONDS,
        refreshTtlDays: parsed.SV_REFRESH_TOKEN_TTL_DAYS,
        cookieSecure: parsed.SV_COOKIE_SECURE === '1',
      },
    };
  });

/** The operator command's configuration: the gateway's, for the environment named by --env. */
export const readAdminConfig = (environment: 'production' | 'sandbox'): GatewayConfig =>
  readConfig({ ...process.env, SV_ENV: environment });

/** Outgoing mail: SMTP when SV_SMTP_URL is set (smtp://user:pass@host:587, smtps://… for TLS), else the log. */
export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
}
const mailShape = {
  SV_SMTP_URL: z.union([z.literal(''), z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')]).optional(),
  SV_MAIL_FROM: z.string().min(3).default('no-reply@sv.local'),
};
export const readMailConfig = (env: Record<string, string | undefined> = process.env): MailConfig =>
  parseEnv(mailShape, env, (parsed) => ({ smtpUrl: parsed.SV_SMTP_URL || undefined, from: parsed.SV_MAIL_FROM }));
