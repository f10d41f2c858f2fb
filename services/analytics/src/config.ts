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
  /** How long analytics waits for the catalogue (releases, report matching) and royalties. */
  SV_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Folder the daily job reads DSP report files from: one sub-folder per tenant UUID, files loaded
   * once then moved to `loaded/` (or `failed/` with a report). Unset: no daily job.
   */
  SV_ANALYTICS_DROP_DIR: z.string().min(1).optional(),
  /** How often the drop-folder job looks for files (default daily). */
  SV_ANALYTICS_DROP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(7 * 86_400_000).default(86_400_000),
};

export interface AnalyticsConfig extends BaseConfig {
  healthPort: number | undefined;
  serviceTimeoutMs: number;
  /** Where report files the operator command uploads are read from. */
  cdnUrl: string;
  blobStore: BlobStoreConfig;
  dropFolder: { dir: string; intervalMs: number } | undefined;
}

/** The analytics service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): AnalyticsConfig =>
  parseEnv({ ...shape, ...blobEnvShape(env) }, env, (parsed) => {
    refuseUnsafeDeployment(parsed, {
      secrets: parsed.SV_BLOB_STORE === 'local' ? { SV_BLOB_SIGNING_SECRET: env.SV_BLOB_SIGNING_SECRET } : {},
    });
    return {
      ...toBaseConfig(parsed),
      healthPort: parsed.SV_HEALTH_PORT ?? (parsed.SV_ENV === 'sandbox' ? 9117 : 9107),
      serviceTimeoutMs: parsed.SV_SERVICE_TIMEOUT_MS,
      cdnUrl: parsed.SV_CDN_URL.replace(/\/$/, ''),
      blobStore: toBlobStoreConfig(parsed),
      dropFolder: parsed.SV_ANALYTICS_DROP_DIR
        ? { dir: parsed.SV_ANALYTICS_DROP_DIR, intervalMs: parsed.SV_ANALYTICS_DROP_INTERVAL_MS }
        : undefined,
    };
  });
