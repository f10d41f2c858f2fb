import { z } from 'zod';
import { CreateReleaseBody } from '../../releases.ts';
import { CreateTrackBody } from '../../tracks.ts';
import { IngestionJobState, IngestionSource } from '../responses/ingestion.ts';
import { DefaultListQuery } from './list-queries.ts';

/** Most releases one POST /ingestion/bulk may carry; more is 413 `Bulk batch limited to 200 releases.` */
export const BULK_BATCH_LIMIT = 200;

/** Most tracks one ingested release may carry. */
const MAX_TRACKS_PER_RELEASE = 500;

/** POST /ingestion/json: the release fields of POST /releases plus its tracks (each as POST /releases/{uuid}/tracks). */
export const IngestionReleaseBody = CreateReleaseBody.extend({
  tracks: z
    .array(CreateTrackBody)
    .min(1, 'Send at least one track.')
    .max(MAX_TRACKS_PER_RELEASE, `At most ${MAX_TRACKS_PER_RELEASE} tracks.`),
});
export type IngestionReleaseBody = z.infer<typeof IngestionReleaseBody>;

/**
 * POST /ingestion/bulk: releases as /ingestion/json takes them, as `{releases: [...]}` or a bare
 * array. The 200-release ceiling is checked before the entries are (413), and each entry is
 * validated on its own by the job (one bad release does not refuse the batch), so the entries
 * are not rules of this schema.
 */
const bulkEntries = z.array(IngestionReleaseBody).min(1, 'Send at least one release.');
export const BulkIngestionBody = z.union([z.object({ releases: bulkEntries }), bulkEntries]);
export type BulkIngestionBody = z.infer<typeof BulkIngestionBody>;

const isoDate = (field: string) => z.iso.date(`The ${field} must be a date written YYYY-MM-DD.`);

/** GET /ingestion/jobs: filtered by channel, state and creation date. */
export const IngestionJobsQuery = DefaultListQuery.extend({
  source: IngestionSource.optional(),
  state: IngestionJobState.optional(),
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
});
export type IngestionJobsQuery = z.infer<typeof IngestionJobsQuery>;
