import { z } from 'zod';
import { baseEnvShape, parseEnv, toBaseConfig, type BaseConfig } from '@sv/platform';

const shape = {
  ...baseEnvShape,
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How long webhooks waits for another service (supply-chain) to answer. */
  SV_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /**
   * The key that encrypts stored signing secrets. Deployments set it from a Secret; the
   * defaults below are for local development only and say so.
   */
  SV_WEBHOOK_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
};

const LOCAL_SECRET_KEY = {
  production: 'local-development-only-webhook-secret-key-production',
  sandbox: 'local-development-only-webhook-secret-key-sandbox',
} as const;

export interface WebhooksConfig extends BaseConfig {
  healthPort: number | undefined;
  serviceTimeoutMs: number;
  secretKey: string;
}

/** The webhooks service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): WebhooksConfig =>
  parseEnv(shape, env, (parsed) => ({
    ...toBaseConfig(parsed),
    healthPort: parsed.SV_HEALTH_PORT ?? (parsed.SV_ENV === 'sandbox' ? 9115 : 9105),
    serviceTimeoutMs: parsed.SV_SERVICE_TIMEOUT_MS,
    secretKey: parsed.SV_WEBHOOK_SECRET_KEY ?? LOCAL_SECRET_KEY[parsed.SV_ENV],
  }));
