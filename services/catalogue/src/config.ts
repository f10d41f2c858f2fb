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

/** Local development's identifiers: codes minted under them belong to nobody, so deployments set their own. */
const PLACEHOLDER_UPC_PREFIX = '0860000';
const PLACEHOLDER_ISRC_REGISTRANT = 'QZSVD';

const shape = {
  ...baseEnvShape,
  SV_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How long the catalogue waits for another service (supply-chain, gateway) to answer. */
  SV_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** The GS1 company prefix of auto-assigned UPCs (digits; the rest of the 12 is a counter). */
  SV_UPC_PREFIX: z.string().regex(/^\d{6,10}$/, 'must be 6 to 10 digits').default(PLACEHOLDER_UPC_PREFIX),
  /** ISRC country and registrant code of auto-assigned ISRCs (5 characters, e.g. QZSV1). */
  SV_ISRC_REGISTRANT: z
    .string()
    .regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'must be a 2-letter country code and a 3-character registrant code')
    .default(PLACEHOLDER_ISRC_REGISTRANT),
  /** How long a signed URL of a private file (audio, video) in an API answer keeps working; S3 allows 7 days at most. */
  SV_MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(604_800).default(4 * 60 * 60),
};

export interface CatalogueConfig extends BaseConfig {
  healthPort: number | undefined;
  cdnUrl: string;
  blobStore: BlobStoreConfig;
  serviceTimeoutMs: number;
  upcPrefix: string;
  isrcRegistrant: string;
  mediaUrlTtlSeconds: number;
}

/** The catalogue's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): CatalogueConfig =>
  parseEnv({ ...shape, ...blobEnvShape(env) }, env, (parsed) => {
    refuseUnsafeDeployment(parsed, {
      secrets: parsed.SV_BLOB_STORE === 'local' ? { SV_BLOB_SIGNING_SECRET: env.SV_BLOB_SIGNING_SECRET } : {},
      problems: [
        ...(env.SV_UPC_PREFIX && parsed.SV_UPC_PREFIX !== PLACEHOLDER_UPC_PREFIX ? [] : ['SV_UPC_PREFIX: must be your own GS1 company prefix (the built-in one is a placeholder)']),
        ...(env.SV_ISRC_REGISTRANT && parsed.SV_ISRC_REGISTRANT !== PLACEHOLDER_ISRC_REGISTRANT
          ? []
          : ['SV_ISRC_REGISTRANT: must be your own ISRC country and registrant code (the built-in one is a placeholder)']),
      ],
    });
    return {
    ...toBaseConfig(parsed),
    healthPort: parsed.SV_HEALTH_PORT ?? (parsed.SV_ENV === 'sandbox' ? 9111 : 9101),
    cdnUrl: parsed.SV_CDN_URL.replace(/\/$/, ''),
    blobStore: toBlobStoreConfig(parsed),
    serviceTimeoutMs: parsed.SV_SERVICE_TIMEOUT_MS,
    upcPrefix: parsed.SV_UPC_PREFIX,
    isrcRegistrant: parsed.SV_ISRC_REGISTRANT,
    mediaUrlTtlSeconds: parsed.SV_MEDIA_URL_TTL_SECONDS,
    };
  });
