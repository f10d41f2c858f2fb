import { z } from 'zod';
import { API_VERSION } from '@sv/contracts';
import { ConfigError, finishedJobsRetentionDays, readBlobServiceConfig, type BlobServiceConfig } from '@sv/platform';

const shape = {
  /** Where the gateway serves the API (as its own SV_BASE_PATH): '' in production, '/api' in the sandbox. Locations handed to clients start with it. */
  SV_BASE_PATH: z
    .string()
    .regex(/^(\/[A-Za-z0-9_-]+)*$/, 'must be empty or like /api')
    .optional(),
  /** Sales report files one process loads at once (each holds a database connection for its transaction). */
  SV_ROYALTIES_REPORT_JOBS: z.coerce.number().int().min(1).max(16).default(2),
  /** How often the report worker looks for queued jobs; a job queued in the same process wakes it at once. */
  SV_ROYALTIES_REPORT_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** How long a claimed job stays with its worker without a renewal before another takes it over. */
  SV_ROYALTIES_REPORT_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** Tries a job gets when its loads stop on errors that are not the file's (the database away); then it fails with the last error. */
  SV_ROYALTIES_REPORT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /** The retry wait is random, up to this doubled per try, and never above the cap. */
  SV_ROYALTIES_REPORT_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5_000),
  SV_ROYALTIES_REPORT_RETRY_CAP_MS: z.coerce.number().int().min(1).max(86_400_000).default(300_000),
  /** How often a running job's progress is written for those polling it. */
  SV_ROYALTIES_REPORT_PROGRESS_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** How many days a finished (completed or failed) sales report job is kept before the hourly prune deletes it; its report stays. */
  SV_REPORT_JOB_RETENTION_DAYS: finishedJobsRetentionDays,
};

/** `cdnUrl` and `blobStore`: where uploaded sales reports are read and statement PDFs written; the CDN serves them signed. */
export interface RoyaltiesConfig extends BlobServiceConfig {
  /** The API's public root path, version included (`/v1`, the sandbox's `/api/v1`): where a job's Location points. */
  apiRoot: string;
  /** The worker loading uploaded sales report files. */
  reportJobs: {
    concurrency: number;
    tickMs: number;
    leaseMs: number;
    maxAttempts: number;
    retry: { baseMs: number; capMs: number };
    progressMs: number;
    /** Days a finished job is kept before it is deleted. */
    retentionDays: number;
  };
}

/** The royalties service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): RoyaltiesConfig =>
  readBlobServiceConfig(env, {
    healthPort: { production: 9106, sandbox: 9116 },
    // How long royalties waits for the catalogue (tracks, report matching) and the gateway (users).
    serviceTimeoutMs: { default: 10_000 },
    shape,
    config: (parsed, shared) => {
      if (parsed.SV_ROYALTIES_REPORT_RETRY_CAP_MS < parsed.SV_ROYALTIES_REPORT_RETRY_BASE_MS) {
        throw new ConfigError('SV_ROYALTIES_REPORT_RETRY_CAP_MS: must not be below SV_ROYALTIES_REPORT_RETRY_BASE_MS');
      }
      return {
        ...shared,
        apiRoot: `${parsed.SV_BASE_PATH ?? (parsed.SV_ENV === 'sandbox' ? '/api' : '')}/${API_VERSION}`,
        reportJobs: {
          concurrency: parsed.SV_ROYALTIES_REPORT_JOBS,
          tickMs: parsed.SV_ROYALTIES_REPORT_TICK_MS,
          leaseMs: parsed.SV_ROYALTIES_REPORT_LEASE_MS,
          maxAttempts: parsed.SV_ROYALTIES_REPORT_MAX_ATTEMPTS,
          retry: { baseMs: parsed.SV_ROYALTIES_REPORT_RETRY_BASE_MS, capMs: parsed.SV_ROYALTIES_REPORT_RETRY_CAP_MS },
          progressMs: parsed.SV_ROYALTIES_REPORT_PROGRESS_MS,
          retentionDays: parsed.SV_REPORT_JOB_RETENTION_DAYS,
        },
      };
    },
  });
