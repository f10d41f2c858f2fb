import { z } from 'zod';
import { defineEvent } from './events.ts';
import { IngestionJobState, IngestionSource } from './routes/responses/ingestion.ts';
import { IngestionReleaseBody } from './routes/requests/ingestion-bodies.ts';

export const FINAL_INGESTION_STATES: readonly z.infer<typeof IngestionJobState>[] = ['completed', 'partially_completed', 'failed'];

const jobChange = z.object({
  ingestion_job_id: z.uuid(),
  source: IngestionSource,
  state: IngestionJobState,
  items_total: z.number().int().nonnegative(),
  items_done: z.number().int().nonnegative(),
  items_failed: z.number().int().nonnegative(),
  release_ids: z.array(z.uuid()),
});

/** The `ingestion.*` webhook family: a job was queued, started, finished, or failed as a whole. */
export const IngestionEvents = {
  queued: defineEvent('ingestion.queued', jobChange),
  started: defineEvent('ingestion.started', jobChange),
  /** Final: every item imported (completed) or some did (partially_completed). */
  completed: defineEvent('ingestion.completed', jobChange),
  failed: defineEvent('ingestion.failed', jobChange.extend({ error: z.string() })),
};

/**
 * The body of `releases.import` (ReleaseOperation.import): the release as /ingestion/json takes it
 * and, for a caller that names artists rather than sending ids (DDEX, CSV), the name of the
 * release's artist.
 */
export const ReleaseImportBody = z.object({
  release: IngestionReleaseBody,
  artist_name: z.string().trim().min(1).max(500).optional(),
  /** The job item this is (`<job id>:<index>`): a retried item gets the release it already made. */
  import_key: z.string().min(1).max(200).optional(),
  /**
   * `update`: when the caller already has a live release with this UPC, the message updates it
   * (a DDEX message is the whole truth about its release) instead of being refused as a duplicate.
   */
  existing_upc: z.enum(['refuse', 'update']).optional(),
});
export type ReleaseImportBody = z.infer<typeof ReleaseImportBody>;

export const ReleaseImportReply = z.object({
  release: z.object({
    uuid: z.uuid(),
    title: z.string(),
    upc: z.string(),
    tracks: z.array(z.object({ uuid: z.uuid(), isrc: z.string(), position: z.number().int(), disc_number: z.number().int() })),
  }),
  /** Whether an existing release was updated rather than a new one made. */
  updated: z.boolean().default(false),
});
export type ReleaseImportReply = z.infer<typeof ReleaseImportReply>;

/** The body of `releases.find_by_upc` (ReleaseOperation.findByUpc). */
export const ReleaseByUpcBody = z.object({ upc: z.string().trim().regex(/^\d{12,14}$/, 'The upc must be 12 to 14 digits.') });

/** The body of `sftp_suppliers.register` (IngestionOperation.sftpSuppliersRegister). */
export const SftpSupplierBody = z.object({
  tenant_slug: z.string().regex(/^[a-z0-9-]{1,100}$/),
  public_key: z
    .string()
    .max(200)
    .regex(/^ssh-ed25519 [A-Za-z0-9+/]+=*$/, 'an ssh-ed25519 public key without a comment'),
});
export type SftpSupplierBody = z.infer<typeof SftpSupplierBody>;

export const SftpSupplierReply = z.object({
  host: z.string(),
  port: z.number().int(),
  user: z.string(),
  /** The supplier's folder as its SFTP session sees it: uploads go into `incoming/`. */
  folder: z.string(),
  host_key: z.string().nullable(),
});
export type SftpSupplierReply = z.infer<typeof SftpSupplierReply>;
