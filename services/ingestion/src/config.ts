import { z } from 'zod';
import { ConfigError, readBlobServiceConfig, type BlobServiceConfig, type BlobServiceEnv } from '@sv/platform';

const shape = {
  /** How often the job worker looks for queued jobs. */
  SV_INGESTION_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** How long a claimed job stays with its worker without a sign of life before another takes it over. */
  SV_INGESTION_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  /** How often a worker renews the lease of a job it runs; unset, a third of the lease. */
  SV_INGESTION_LEASE_RENEW_MS: z.coerce.number().int().min(100).max(1_200_000).optional(),
  /** Tries a job gets when its runs stop on errors that are not its input's (the catalogue away); then it fails with the last error. */
  SV_INGESTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /** The retry wait is random, up to this doubled per try, and never above the cap. */
  SV_INGESTION_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5_000),
  SV_INGESTION_RETRY_CAP_MS: z.coerce.number().int().min(1).max(86_400_000).default(300_000),
  /** Releases of one job imported at once. */
  SV_INGESTION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** The SFTP server of the supplier drop folders; unset, the drop folder is off. */
  SV_INGESTION_SFTP_HOST: z.string().min(1).optional(),
  SV_INGESTION_SFTP_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  /** The poller's account; each supplier logs in as an account of its own, jailed in its folder. */
  SV_INGESTION_SFTP_USER: z.string().min(1).optional(),
  /** The poller's own private key. */
  SV_INGESTION_SFTP_KEY_FILE: z.string().min(1).optional(),
  /** `SHA256:<base64>` of the server's host key, as `ssh-keygen -l` prints it. */
  SV_INGESTION_SFTP_HOST_KEY: z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}=?$/, 'must be SHA256:<base64> as ssh-keygen -l prints it').optional(),
  /** The folder under which every supplier has its own (`<root>/<folder>/incoming`…), as the poller's session sees it. */
  SV_INGESTION_SFTP_ROOT: z.string().min(1).default('/srv/sv-drop'),
  /** The server's keys folder, which ingestion writes: one file per supplier account (sshd's AuthorizedKeysCommand reads it). */
  SV_INGESTION_SFTP_KEYS_DIR: z.string().min(1).optional(),
  /** How often the drop folders are looked at. */
  SV_INGESTION_SFTP_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** How long downloading one file a message names by URL may take, redirects and body included. */
  SV_INGESTION_DOWNLOAD_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
};

export interface DropFolderSettings {
  host: string;
  port: number;
  user: string;
  privateKeyFile: string;
  hostKey: string | null;
  root: string;
  keysDir: string;
  pollMs: number;
}

/** `cdnUrl` and `blobStore`: where the gateway stored the uploaded messages and files; ingestion reads them from there. */
export interface IngestionConfig extends BlobServiceConfig {
  worker: {
    tickMs: number;
    leaseMs: number;
    /** Shorter than the lease, so a renewal lands before it runs out. */
    renewMs: number;
    concurrency: number;
    maxAttempts: number;
    retry: { baseMs: number; capMs: number };
  };
  /** Null when no SFTP server is configured. */
  dropFolder: DropFolderSettings | null;
  /** Files a message names by URL: fetched under the outbound guard. */
  downloads: { timeoutMs: number };
}

const DROP_FOLDER_REQUIRED = ['SV_INGESTION_SFTP_USER', 'SV_INGESTION_SFTP_KEY_FILE', 'SV_INGESTION_SFTP_KEYS_DIR'] as const;

type Parsed = BlobServiceEnv<typeof shape>;

const dropFolderOf = (parsed: Parsed): DropFolderSettings | null => {
  if (!parsed.SV_INGESTION_SFTP_HOST) return null;
  const missing = DROP_FOLDER_REQUIRED.filter((name) => !parsed[name]);
  if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name}: required when SV_INGESTION_SFTP_HOST is set`).join('\n'));
  if (!parsed.SV_INGESTION_SFTP_HOST_KEY && !parsed.SV_LOCAL_DEVELOPMENT) {
    throw new ConfigError('SV_INGESTION_SFTP_HOST_KEY: the host key of the drop folder server must be pinned');
  }
  return {
    host: parsed.SV_INGESTION_SFTP_HOST,
    port: parsed.SV_INGESTION_SFTP_PORT,
    user: parsed.SV_INGESTION_SFTP_USER!,
    privateKeyFile: parsed.SV_INGESTION_SFTP_KEY_FILE!,
    hostKey: parsed.SV_INGESTION_SFTP_HOST_KEY ?? null,
    root: parsed.SV_INGESTION_SFTP_ROOT.replace(/\/+$/, '') || '/',
    keysDir: parsed.SV_INGESTION_SFTP_KEYS_DIR!,
    pollMs: parsed.SV_INGESTION_SFTP_POLL_MS,
  };
};

const workerOf = (parsed: Parsed): IngestionConfig['worker'] => {
  const renewMs = parsed.SV_INGESTION_LEASE_RENEW_MS ?? Math.floor(parsed.SV_INGESTION_LEASE_MS / 3);
  if (renewMs >= parsed.SV_INGESTION_LEASE_MS) throw new ConfigError('SV_INGESTION_LEASE_RENEW_MS: must be shorter than SV_INGESTION_LEASE_MS');
  if (parsed.SV_INGESTION_RETRY_CAP_MS < parsed.SV_INGESTION_RETRY_BASE_MS) {
    throw new ConfigError('SV_INGESTION_RETRY_CAP_MS: must not be below SV_INGESTION_RETRY_BASE_MS');
  }
  return {
    tickMs: parsed.SV_INGESTION_TICK_MS,
    leaseMs: parsed.SV_INGESTION_LEASE_MS,
    renewMs,
    concurrency: parsed.SV_INGESTION_CONCURRENCY,
    maxAttempts: parsed.SV_INGESTION_MAX_ATTEMPTS,
    retry: { baseMs: parsed.SV_INGESTION_RETRY_BASE_MS, capMs: parsed.SV_INGESTION_RETRY_CAP_MS },
  };
};

/** The ingestion service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): IngestionConfig =>
  readBlobServiceConfig(env, {
    healthPort: { production: 9103, sandbox: 9113 },
    // How long ingestion waits for the catalogue to create one release with its tracks.
    serviceTimeoutMs: { default: 30_000, max: 300_000 },
    shape,
    config: (parsed, shared) => ({
      ...shared,
      worker: workerOf(parsed),
      dropFolder: dropFolderOf(parsed),
      downloads: { timeoutMs: parsed.SV_INGESTION_DOWNLOAD_TIMEOUT_MS },
    }),
  });
