import { z } from 'zod';
import { pagedList, isoTimestamp } from './common.ts';

/** The channels a job came in through (the list filter `source`). */
export const INGESTION_SOURCES = ['json', 'bulk', 'ddex', 'csv', 'sftp'] as const;
export const IngestionSource = z.enum(INGESTION_SOURCES);
export type IngestionSource = z.infer<typeof IngestionSource>;

/** A job's states, in the order a job moves through them; the last three are final. */
export const INGESTION_JOB_STATES = ['queued', 'validating', 'importing', 'completed', 'partially_completed', 'failed'] as const;
export const IngestionJobState = z.enum(INGESTION_JOB_STATES);
export type IngestionJobState = z.infer<typeof IngestionJobState>;

/**
 * An ingestion job: the spec's state, files, validation errors and release_id, with the channel,
 * every release produced and the progress (items done of total).
 */
export const IngestionJobResourceSchema = z
  .object({
    uuid: z.uuid(),
    source: IngestionSource,
    state: IngestionJobState,
    files: z.array(
      z.object({ name: z.string(), size: z.number().int().nonnegative(), checksum: z.string().nullable(), detected_type: z.string().nullable() }),
    ),
    /** Field path → messages, as a 422 would carry them. */
    validation_errors: z.record(z.string(), z.array(z.string())),
    /** Path → notes on items imported, but not wholly as submitted (territories a key may not set). */
    warnings: z.record(z.string(), z.array(z.string())),
    release_id: z.uuid().nullable(),
    release_ids: z.array(z.uuid()),
    items_total: z.number().int().nonnegative(),
    items_done: z.number().int().nonnegative(),
    items_failed: z.number().int().nonnegative(),
    progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
    /** Why the job failed as a whole, when it did. */
    error: z.string().nullable(),
    started_at: isoTimestamp.nullable(),
    finished_at: isoTimestamp.nullable(),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  });

/** POST /ingestion/json (201): the release created, and the job that recorded it. */
export const IngestionCreatedReply = z.object({ ingestion_job_id: z.uuid(), release_id: z.uuid(), uuid: z.uuid() });

/** POST /ingestion/bulk, /ddex and /csv (202): the job queued. */
export const IngestionQueuedReply = z.object({ ingestion_job_id: z.uuid(), state: IngestionJobState });

export const IngestionJobReply = z.object({ job: IngestionJobResourceSchema });
export const IngestionJobListReply = pagedList('jobs', IngestionJobResourceSchema);
