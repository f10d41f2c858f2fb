import { z } from 'zod';
import { finishedJobsRetentionDays, readBlobServiceConfig, type BlobServiceConfig } from '@sv/platform';

const shape = {
  /**
   * Folder the daily job reads DSP report files from: one sub-folder per tenant UUID, files loaded
   * once then moved to `loaded/` (or `failed/` with a report). Unset: no daily job.
   */
  SV_ANALYTICS_DROP_DIR: z.string().min(1).optional(),
  /** How often the drop-folder job looks for files (default daily). */
  SV_ANALYTICS_DROP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(7 * 86_400_000).default(86_400_000),
  /** Report loads one process runs at once (a tenant's loads still run one at a time). */
  SV_ANALYTICS_LOAD_JOBS: z.coerce.number().int().min(1).max(16).default(2),
  /** How long a worker holds a load job without renewing (renewed every third of it while the load runs). */
  SV_ANALYTICS_LOAD_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** Attempts a load job gets when it fails for a passing reason (a file that cannot be read fails at once). */
  SV_ANALYTICS_LOAD_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** The first retry's ceiling; each retry doubles it, up to the cap. */
  SV_ANALYTICS_LOAD_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  SV_ANALYTICS_LOAD_RETRY_CAP_MS: z.coerce.number().int().min(10).max(86_400_000).default(300_000),
  /** The worker's safety-net poll (jobs of other replicas, retries coming due); a new job wakes its own process at once. */
  SV_ANALYTICS_LOAD_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How many days a finished (completed or failed) report load job is kept before the hourly prune deletes it. */
  SV_REPORT_JOB_RETENTION_DAYS: finishedJobsRetentionDays,
};

/** `cdnUrl` and `blobStore`: where report files the operator command uploads are read from. */
export interface AnalyticsConfig extends BlobServiceConfig {
  dropFolder: { dir: string; intervalMs: number } | undefined;
  /** The report load jobs' worker, and how many days a finished job is kept. */
  loadJobs: { concurrency: number; leaseMs: number; maxAttempts: number; retry: { baseMs: number; capMs: number }; pollMs: number; retentionDays: number };
}

/** The analytics service's configuration, read from the environment once at start-up. */
export const readConfig = (env: Record<string, string | undefined> = process.env): AnalyticsConfig =>
  readBlobServiceConfig(env, {
    healthPort: { production: 9107, sandbox: 9117 },
    // How long analytics waits for the catalogue (releases, report matching) and royalties.
    serviceTimeoutMs: { default: 10_000 },
    shape,
    config: (parsed, shared) => ({
      ...shared,
      dropFolder: parsed.SV_ANALYTICS_DROP_DIR
        ? { dir: parsed.SV_ANALYTICS_DROP_DIR, intervalMs: parsed.SV_ANALYTICS_DROP_INTERVAL_MS }
        : undefined,
      loadJobs: {
        concurrency: parsed.SV_ANALYTICS_LOAD_JOBS,
        leaseMs: parsed.SV_ANALYTICS_LOAD_LEASE_MS,
        maxAttempts: parsed.SV_ANALYTICS_LOAD_MAX_ATTEMPTS,
        retry: { baseMs: parsed.SV_ANALYTICS_LOAD_RETRY_BASE_MS, capMs: Math.max(parsed.SV_ANALYTICS_LOAD_RETRY_BASE_MS, parsed.SV_ANALYTICS_LOAD_RETRY_CAP_MS) },
        pollMs: parsed.SV_ANALYTICS_LOAD_POLL_MS,
        retentionDays: parsed.SV_REPORT_JOB_RETENTION_DAYS,
      },
    }),
  });
