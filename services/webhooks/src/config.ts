import { z } from 'zod';
import { readServiceConfig, type ServiceConfig } from '@sv/platform';

const shape = {
  /**
   * The key that encrypts stored signing secrets. Deployments set it from a Secret; the
   * defaults below are for local development only and say so.
   */
  SV_WEBHOOK_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How often the delivery worker looks for due deliveries. */
  SV_WEBHOOK_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** How long one delivery attempt may take, connect to last byte. */
  SV_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The first retry's backoff ceiling; it doubles per attempt, with full jitter, up to an hour. */
  SV_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** How long after the event's time deliveries are retried before they are given up on. */
  SV_WEBHOOK_RETRY_WINDOW_MS: z.coerce.number().int().min(1_000).default(24 * 3_600_000),
  /**
   * Attempts one delivery gets at most, whatever is left of its window: the work queue's cap. With
   * the default backoff the window usually ends a delivery first (about 55 attempts fill 24 h on average).
   */
  SV_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1_000).default(100),
  /** Attempts in flight at once in one process, overall and per subscription. */
  SV_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  SV_WEBHOOK_CONCURRENCY_PER_SUBSCRIPTION: z.coerce.number().int().min(1).max(64).default(2),
  /** How long finished deliveries and their attempt log are kept. */
  SV_WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
};

const LOCAL_SECRET_KEY = {
  production: 'local-development-only-webhook-secret-key-production',
  sandbox: 'local-development-only-webhook-secret-key-sandbox',
} as const;

export interface WebhooksConfig extends ServiceConfig {
  secretKey: string;
  delivery: DeliverySettings;
}

/** How the delivery worker paces, bounds and retries attempts. */
export interface DeliverySettings {
  tickMs: number;
  timeoutMs: number;
  retryBaseMs: number;
  retryCapMs: number;
  retryWindowMs: number;
  maxAttempts: number;
  concurrency: number;
  perSubscription: number;
  retentionDays: number;
}

/** The longest wait between two attempts of one delivery. */
const RETRY_CAP_MS = 3_600_000;

/** The webhooks service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): WebhooksConfig =>
  readServiceConfig(env, {
    healthPort: { production: 9105, sandbox: 9115 },
    // How long webhooks waits for another service (supply-chain) to answer.
    serviceTimeoutMs: { default: 5_000 },
    shape,
    deployment: (parsed) => ({ secrets: { SV_WEBHOOK_SECRET_KEY: parsed.SV_WEBHOOK_SECRET_KEY } }),
    config: (parsed, shared) => ({
      ...shared,
      secretKey: parsed.SV_WEBHOOK_SECRET_KEY ?? LOCAL_SECRET_KEY[parsed.SV_ENV],
      delivery: {
        tickMs: parsed.SV_WEBHOOK_TICK_MS,
        timeoutMs: parsed.SV_WEBHOOK_TIMEOUT_MS,
        retryBaseMs: parsed.SV_WEBHOOK_RETRY_BASE_MS,
        retryCapMs: RETRY_CAP_MS,
        retryWindowMs: parsed.SV_WEBHOOK_RETRY_WINDOW_MS,
        maxAttempts: parsed.SV_WEBHOOK_MAX_ATTEMPTS,
        concurrency: parsed.SV_WEBHOOK_CONCURRENCY,
        perSubscription: parsed.SV_WEBHOOK_CONCURRENCY_PER_SUBSCRIPTION,
        retentionDays: parsed.SV_WEBHOOK_RETENTION_DAYS,
      },
    }),
  });
