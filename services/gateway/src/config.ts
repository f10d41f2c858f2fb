import { isIP } from 'node:net';
import { z } from 'zod';
import { envFlag, parseEnv, readBlobServiceConfig, type BlobServiceConfig } from '@sv/platform';

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

/** An origin exactly as a browser sends it in Origin (scheme, host, port), so matching is by equality. */
const isBrowserOrigin = (item: string): boolean => URL.canParse(item) && new URL(item).origin === item;

const shape = {
  SV_HTTP_HOST: z.string().default('127.0.0.1'),
  SV_HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Replicas on one host listen on the same port, the kernel spreading connections over them (SO_REUSEPORT, Linux). */
  SV_HTTP_REUSE_PORT: envFlag,
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
  /**
   * Browser origins allowed to call the API with credentials (the refresh cookie among them):
   * comma-separated, each exactly as browsers send Origin (https://app.example.com). Empty: no
   * cross-origin browser access; server-to-server callers need none.
   */
  SV_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== ''))
    .refine((items) => items.every(isBrowserOrigin), 'must be origins exactly as browsers send them (https://app.example.com: lower case, no default port, no path or trailing slash), comma-separated'),
  SV_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  SV_REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Secure + SameSite=Strict refresh cookie; only local development over plain http turns it off. */
  SV_COOKIE_SECURE: z.enum(['0', '1']).default('1'),
  /** Scales every rate limit; only benchmarks raise it. Production manifests never set it. */
  SV_RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /**
   * How long a cached read's answer is used at most (routes with `cached`; changes drop it at
   * once, this bounds an announcement ever missed). 0 turns the cache off.
   */
  SV_RESPONSE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Megabytes of cached answers per gateway process. */
  SV_RESPONSE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(16_384).default(64),
};

/** Outgoing mail: SMTP when SV_SMTP_URL is set (smtp://user:pass@host:587, smtps://… for TLS), else the log. */
const mailShape = {
  SV_SMTP_URL: z.union([z.literal(''), z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')]).optional(),
  SV_MAIL_FROM: z.string().min(3).default('no-reply@sv.local'),
};

export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
}

/**
 * Where white-label domain proofs (TXT `_sv-verification.<domain>`) are looked up: SV_DNS_RESOLVERS,
 * comma-separated IP addresses with an optional port (`10.0.0.2`, `10.0.0.2:5353`, `[::1]:53`).
 * Empty: the system's resolvers. Tests point it at a local DNS server.
 */
const isResolverAddress = (item: string): boolean => {
  if (isIP(item) !== 0) return true;
  const withPort = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(item);
  if (!withPort) return false;
  const [, ipv6, ipv4, port] = withPort;
  return (ipv6 ? isIP(ipv6) === 6 : isIP(ipv4 ?? '') === 4) && Number(port) >= 1 && Number(port) <= 65535;
};

const dnsShape = {
  SV_DNS_RESOLVERS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== ''))
    .refine((items) => items.every(isResolverAddress), 'must be IP addresses with an optional port (10.0.0.2:53, [::1]:53), comma-separated'),
};

export interface DnsConfig {
  /** Empty: the system's resolvers. */
  resolvers: string[];
}

/** The resolvers alone (readConfig reads them with the rest). */
export const readDnsConfig = (env: Record<string, string | undefined>): DnsConfig =>
  parseEnv(dnsShape, env, (parsed) => ({ resolvers: parsed.SV_DNS_RESOLVERS }));

export interface GatewayConfig extends BlobServiceConfig {
  httpHost: string;
  httpPort: number;
  httpReusePort: boolean;
  basePath: string;
  cdnPort: number | undefined;
  docsUrl: string;
  publicUrl: string | undefined;
  trustedProxies: string[];
  corsOrigins: string[];
  rateLimitMultiplier: number;
  responseCache: { ttlMs: number; maxBytes: number };
  sessions: { secret: string; audience: string; ttlSeconds: number; refreshTtlDays: number; cookieSecure: boolean };
  mail: MailConfig;
  /** Where white-label domain proofs are looked up; empty: the system's resolvers. */
  dnsResolvers: string[];
}

/** Local development's secrets (SV_LOCAL_DEVELOPMENT only); deployments set SV_TOKEN_SECRET from a Secret. */
const DEVELOPMENT_TOKEN_SECRET = {
  production: 'local-production-token-secret-change-me',
  sandbox: 'local-sandbox-token-secret-change-me',
} as const;

/** What a deployed gateway refuses besides missing secrets. */
const gatewayProblems = (parsed: { SV_RATE_LIMIT_MULTIPLIER: number; SV_COOKIE_SECURE: string; SV_SMTP_URL?: string | undefined }): string[] => [
  ...(parsed.SV_RATE_LIMIT_MULTIPLIER === 1 ? [] : ['SV_RATE_LIMIT_MULTIPLIER: must be 1 (the spec\'s limits) outside local development']),
  ...(parsed.SV_COOKIE_SECURE === '1' ? [] : ['SV_COOKIE_SECURE: must be 1 (refresh cookies only over HTTPS) outside local development']),
  // Reset tokens and one-time codes would otherwise be written to the log.
  ...(parsed.SV_SMTP_URL ? [] : ['SV_SMTP_URL: is required (mail would go to the log) outside local development']),
];

const toMailConfig = (parsed: { SV_SMTP_URL?: string | undefined; SV_MAIL_FROM: string }): MailConfig => ({
  smtpUrl: parsed.SV_SMTP_URL || undefined,
  from: parsed.SV_MAIL_FROM,
});

/** The gateway's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  readBlobServiceConfig(env, {
    healthPort: { production: 9100, sandbox: 9110 },
    serviceTimeoutMs: { default: 15_000 },
    shape: { ...shape, ...mailShape, ...dnsShape },
    deployment: (parsed) => ({ secrets: { SV_TOKEN_SECRET: parsed.SV_TOKEN_SECRET }, problems: gatewayProblems(parsed) }),
    config: (parsed, shared) => {
      const sandbox = parsed.SV_ENV === 'sandbox';
      return {
        ...shared,
        httpHost: parsed.SV_HTTP_HOST,
        httpPort: parsed.SV_HTTP_PORT ?? (sandbox ? 8081 : 8080),
        httpReusePort: parsed.SV_HTTP_REUSE_PORT,
        basePath: parsed.SV_BASE_PATH ?? (sandbox ? '/api' : ''),
        cdnPort: parsed.SV_CDN_PORT,
        docsUrl: parsed.SV_DOCS_URL.replace(/\/$/, ''),
        publicUrl: parsed.SV_PUBLIC_URL ? new URL(parsed.SV_PUBLIC_URL).origin : undefined,
        trustedProxies: parsed.SV_TRUSTED_PROXIES,
        corsOrigins: parsed.SV_CORS_ORIGINS,
        rateLimitMultiplier: parsed.SV_RATE_LIMIT_MULTIPLIER,
        responseCache: { ttlMs: parsed.SV_RESPONSE_CACHE_TTL_MS, maxBytes: parsed.SV_RESPONSE_CACHE_MAX_MB * 1024 * 1024 },
        sessions: {
          secret: parsed.SV_TOKEN_SECRET ?? DEVELOPMENT_TOKEN_SECRET[parsed.SV_ENV],
          audience: `sv:${parsed.SV_ENV}`,
          ttlSeconds: parsed.SV_ACCESS_TOKEN_TTL_SECONDS,
          refreshTtlDays: parsed.SV_REFRESH_TOKEN_TTL_DAYS,
          cookieSecure: parsed.SV_COOKIE_SECURE === '1',
        },
        mail: toMailConfig(parsed),
        dnsResolvers: parsed.SV_DNS_RESOLVERS,
      };
    },
  });

/** The operator command's configuration: the gateway's, for the environment named by --env. */
export const readAdminConfig = (environment: 'production' | 'sandbox'): GatewayConfig =>
  readConfig({ ...process.env, SV_ENV: environment });
