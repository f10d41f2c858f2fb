import { z } from 'zod';
import { baseEnvShape, parseEnv, toBaseConfig, type BaseConfig } from '@sv/platform';

const shape = {
  ...baseEnvShape,
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SV_CDN_URL: z.url().default('http://127.0.0.1:8083'),
};

export interface CatalogueConfig extends BaseConfig {
  healthPort: number | undefined;
  cdnUrl: string;
}

/** The catalogue's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): CatalogueConfig =>
  parseEnv(shape, env, (parsed) => ({
    ...toBaseConfig(parsed),
    healthPort: parsed.SV_HEALTH_PORT ?? (parsed.SV_ENV === 'sandbox' ? 9111 : 9101),
    cdnUrl: parsed.SV_CDN_URL,
  }));
