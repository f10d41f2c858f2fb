import { z } from 'zod';
import { LocalDiskBlobStore, type BlobStore } from './blob-store.ts';
import { LazyS3BlobStore } from './lazy-s3-blob-store.ts';

/**
 * The blob store's environment: local disk (SV_BLOB_DIR, default) or an S3-compatible bucket.
 * Public files are served from SV_CDN_URL (with s3, the bucket's public address); private ones
 * (keys under `private/`) only through signed, expiring URLs. With s3 the bucket (or the CDN in
 * front of it) must grant anonymous GetObject on image keys outside `private/` only (isPublicKey:
 * `*.jpg`, `*.jpeg`, `*.png`, `*.webp`, `*.tiff`, `*.gif`) and should add
 * `X-Content-Type-Options: nosniff` to its responses. Every service that reads or writes stored
 * files (the gateway, the catalogue) spreads this shape into its config.
 */
export const blobEnvShape = (env: Record<string, string | undefined>) => ({
  SV_BLOB_DIR: z.string().default('var/blobs'),
  /**
   * Signs the local store's presigned upload URLs and private files' read URLs (the gateway's
   * local CDN verifies both), so every service of one environment needs the same value. The
   * default is for local development only.
   */
  SV_BLOB_SIGNING_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default(`local-${env.SV_ENV === 'sandbox' ? 'sandbox' : 'production'}-blob-signing-secret-change-me`),
  SV_CDN_URL: z.url().default('http://127.0.0.1:8083'),
  SV_BLOB_STORE: z.enum(['local', 's3']).default('local'),
  /** For S3-compatible stores; unset for AWS itself. */
  SV_S3_ENDPOINT: z.url().optional(),
  SV_S3_REGION: z.string().min(1).default('us-east-1'),
  // Unset reads as '' so that the refinement runs (zod skips an absent optional key entirely).
  SV_S3_BUCKET: z.preprocess((value) => value ?? '', z.string()).refine((bucket) => env.SV_BLOB_STORE !== 's3' || bucket !== '', 'is required when SV_BLOB_STORE is s3'),
  /** Both or neither; without them the SDK's default credential chain applies. */
  SV_S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .refine((id) => id === undefined || env.SV_S3_SECRET_ACCESS_KEY !== undefined, 'needs SV_S3_SECRET_ACCESS_KEY too'),
  SV_S3_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    .optional()
    .refine((secret) => secret === undefined || env.SV_S3_ACCESS_KEY_ID !== undefined, 'needs SV_S3_ACCESS_KEY_ID too'),
  SV_S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
});

export type BlobStoreConfig =
  | { kind: 'local'; dir: string; signingSecret: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

type BlobEnv = z.infer<z.ZodObject<ReturnType<typeof blobEnvShape>>>;

export const toBlobStoreConfig = (parsed: BlobEnv): BlobStoreConfig =>
  parsed.SV_BLOB_STORE === 'local'
    ? { kind: 'local', dir: parsed.SV_BLOB_DIR, signingSecret: parsed.SV_BLOB_SIGNING_SECRET }
    : {
        kind: 's3',
        bucket: parsed.SV_S3_BUCKET,
        region: parsed.SV_S3_REGION,
        endpoint: parsed.SV_S3_ENDPOINT,
        forcePathStyle: parsed.SV_S3_FORCE_PATH_STYLE === '1',
        credentials:
          parsed.SV_S3_ACCESS_KEY_ID && parsed.SV_S3_SECRET_ACCESS_KEY
            ? { accessKeyId: parsed.SV_S3_ACCESS_KEY_ID, secretAccessKey: parsed.SV_S3_SECRET_ACCESS_KEY }
            : undefined,
      };

export interface OpenedBlobStore {
  store: BlobStore;
  /** The local store's directory (which a local CDN serves); undefined for S3. */
  root: string | undefined;
  /** The local store itself (a local CDN serves it and takes its presigned uploads); undefined for S3. */
  local: LocalDiskBlobStore | undefined;
  close(): void;
}

/** The configured blob store, serving files from `cdnUrl`. */
export const openBlobStore = (settings: BlobStoreConfig, cdnUrl: string): OpenedBlobStore => {
  if (settings.kind === 'local') {
    const store = new LocalDiskBlobStore(settings.dir, cdnUrl, settings.signingSecret);
    return { store, root: store.root, local: store, close: () => undefined };
  }
  const store = new LazyS3BlobStore(settings, settings.bucket, cdnUrl);
  return { store, root: undefined, local: undefined, close: () => store.close() };
};
