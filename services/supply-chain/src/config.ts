import { z } from 'zod';
import { baseEnvShape, parseEnv, refuseUnsafeDeployment, toBaseConfig, type BaseConfig } from '@sv/platform';

const shape = {
  ...baseEnvShape,
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How long supply-chain waits for another service (the catalogue) to answer. */
  SV_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** The public address of stored files; DSP logos are served under `<cdn>/dsps/`. */
  SV_CDN_URL: z.url().default('http://127.0.0.1:8083'),
};

export interface SupplyChainConfig extends BaseConfig {
  healthPort: number | undefined;
  serviceTimeoutMs: number;
  cdnUrl: string;
}

/** Supply-chain's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): SupplyChainConfig =>
  parseEnv(shape, env, (parsed) => {
    refuseUnsafeDeployment(parsed);
    return {
    ...toBaseConfig(parsed),
    healthPort: parsed.SV_HEALTH_PORT ?? (parsed.SV_ENV === 'sandbox' ? 9112 : 9102),
    serviceTimeoutMs: parsed.SV_SERVICE_TIMEOUT_MS,
    cdnUrl: parsed.SV_CDN_URL.replace(/\/$/, ''),
    };
  });
