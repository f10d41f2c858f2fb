import { z } from 'zod';
import { pagedList, isoTimestamp } from './common.ts';

/** The channels a job came in through (the list filter `source`). */
export const INGESTION_SOURCES = ['json', 'bulk', 'ddex', 'csv', 'sftp'] as const;
export const IngestionSource = z.enum(INGESTION_SOURCES);

/**
 * An ingestion job. The spec names state, files, validation errors and release_id and shows no
 * other field or state value, so the object is open and `state` is free text.
 */
export const IngestionJobResourceSchema = z
  .object({
    uuid: z.uuid(),
    source: IngestionSource,
    state: z.string(),
    files: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative() }).loose()),
    /** Field path → messages, as a 422 would carry them. */
    validation_errors: z.record(z.string(), z.array(z.string())),
    release_id: z.uuid().nullable(),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .loose();

/** POST /ingestion/json (201): the release created, and the job that recorded it. */
export const IngestionCreatedReply = z.object({ ingestion_job_id: z.uuid(), release_id: z.uuid() }).loose();

/** POST /ingestion/bulk, /ddex and /csv (202): the job queued. */
export const IngestionQueuedReply = z.object({ ingestion_job_id: z.uuid(), state: z.string() }).loose();

export const IngestionJobReply = z.object({ job: IngestionJobResourceSchema });
export const IngestionJobListReply = pagedList('jobs', IngestionJobResourceSchema);
