import { z } from 'zod';
import {
  baseEnvShape,
  blobEnvShape,
  parseEnv,
  toBaseConfig,
  toBlobStoreConfig,
  type BaseConfig,
  type BlobStoreConfig,
} from '@sv/platform';

const shape = {
  ...baseEnvShape,
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How long the catalogue waits for another service (supply-chain, gateway) to answer. */
  SV_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** The GS1 company prefix of auto-assigned UPCs (digits; the rest of the 12 is a counter). */
  SV_UPC_PREFIX: z.string().regex(/^\d{6,10}$/, 'must be 6 to 10 digits').default('0860000'),
  /** ISRC country and registrant code of auto-assigned ISRCs (5 characters, e.g. QZSV1). */
  SV_ISRC_REGISTRANT: z
    .string()
    .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'must be a 2-letter country code and a 3-character registrant code')
    .default('QZSVD'),
};

export interface CatalogueConfig extends BaseConfig {
  healthPort: number | undefined;
  cdnUrl: string;
  blobStore: BlobStoreConfig;
  serviceTimeoutMs: number;
  upcPrefix: string;
  isrcRegistrant: string;
}

/** The catalogue's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): CatalogueConfig =>
  parseEnv({ ...shape, ...blobEnvShape(env) }, env, (parsed) => ({
    ...toBaseConfig(parsed),
    healthPort: parsed.SV_HEALTH_PORT ?? (parsed.SV_ENV === 'sandbox' ? 9111 : 9101),
    cdnUrl: parsed.SV_CDN_URL.replace(/\/$/, ''),
    blobStore: toBlobStoreConfig(parsed),
    serviceTimeoutMs: parsed.SV_SERVICE_TIMEOUT_MS,
    upcPrefix: parsed.SV_UPC_PREFIX,
    isrcRegistrant: parsed.SV_ISRC_REGISTRANT,
  }));
