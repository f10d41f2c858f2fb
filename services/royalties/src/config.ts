import { z } from 'zod';
import {
  baseEnvShape,
  blobEnvShape,
  parseEnv,
  refuseUnsafeDeployment,
  toBaseConfig,
  toBlobStoreConfig,
  type BaseConfig,
  type BlobStoreConfig,
} from '@sv/platform';

const shape = {
  ...baseEnvShape,
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How long royalties waits for the catalogue (tracks, report matching) and the gateway (users). */
  SV_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
};

export interface RoyaltiesConfig extends BaseConfig {
  healthPort: number | undefined;
  serviceTimeoutMs: number;
  /** Where uploaded sales reports are read and statement PDFs written; the CDN serves them signed. */
  cdnUrl: string;
  blobStore: BlobStoreConfig;
}

/** The royalties service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): RoyaltiesConfig =>
  parseEnv({ ...shape, ...blobEnvShape(env) }, env, (parsed) => {
    refuseUnsafeDeployment(parsed, {
      secrets: parsed.SV_BLOB_STORE === 'local' ? { SV_BLOB_SIGNING_SECRET: env.SV_BLOB_SIGNING_SECRET } : {},
    });
    return {
      ...toBaseConfig(parsed),
      healthPort: parsed.SV_HEALTH_PORT ?? (parsed.SV_ENV === 'sandbox' ? 9116 : 9106),
      serviceTimeoutMs: parsed.SV_SERVICE_TIMEOUT_MS,
      cdnUrl: parsed.SV_CDN_URL.replace(/\/$/, ''),
      blobStore: toBlobStoreConfig(parsed),
    };
  });
