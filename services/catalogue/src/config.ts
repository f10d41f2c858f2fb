import { z } from 'zod';
import { readBlobServiceConfig, type BlobServiceConfig } from '@sv/platform';

/** Local development's identifiers: codes minted under them belong to nobody, so deployments set their own. */
const PLACEHOLDER_UPC_PREFIX = '0860000';
const PLACEHOLDER_ISRC_REGISTRANT = 'QZSVD';

const shape = {
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

export interface CatalogueConfig extends BlobServiceConfig {
  upcPrefix: string;
  isrcRegistrant: string;
  mediaUrlTtlSeconds: number;
}

/** The catalogue's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): CatalogueConfig =>
  readBlobServiceConfig(env, {
    healthPort: { production: 9101, sandbox: 9111 },
    // How long the catalogue waits for another service (supply-chain, gateway) to answer.
    serviceTimeoutMs: { default: 5_000 },
    shape,
    deployment: (parsed) => ({
      problems: [
        ...(parsed.SV_UPC_PREFIX !== PLACEHOLDER_UPC_PREFIX ? [] : ['SV_UPC_PREFIX: must be your own GS1 company prefix (the built-in one is a placeholder)']),
        ...(parsed.SV_ISRC_REGISTRANT !== PLACEHOLDER_ISRC_REGISTRANT
          ? []
          : ['SV_ISRC_REGISTRANT: must be your own ISRC country and registrant code (the built-in one is a placeholder)']),
      ],
    }),
    config: (parsed, shared) => ({
      ...shared,
      upcPrefix: parsed.SV_UPC_PREFIX,
      isrcRegistrant: parsed.SV_ISRC_REGISTRANT,
      mediaUrlTtlSeconds: parsed.SV_MEDIA_URL_TTL_SECONDS,
    }),
  });
