import { z } from 'zod';
import { baseEnvShape, parseEnv, refuseUnsafeDeployment, toBaseConfig, type BaseConfig } from '@sv/platform';

const shape = {
  ...baseEnvShape,
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How long royalties waits for the catalogue (tracks, artists, matching) to answer. */
  SV_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
};

export interface RoyaltiesConfig extends BaseConfig {
  healthPort: number | undefined;
  serviceTimeoutMs: number;
}

/** The royalties service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): RoyaltiesConfig =>
  parseEnv(shape, env, (parsed) => {
    refuseUnsafeDeployment(parsed, { secrets: {} });
    return {
      ...toBaseConfig(parsed),
      healthPort: parsed.SV_HEALTH_PORT ?? (parsed.SV_ENV === 'sandbox' ? 9116 : 9106),
      serviceTimeoutMs: parsed.SV_SERVICE_TIMEOUT_MS,
    };
  });
