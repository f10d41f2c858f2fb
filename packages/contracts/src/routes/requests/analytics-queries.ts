import { z } from 'zod';
import { ISO_3166_1_ALPHA_2 } from '../../territories.ts';

/*
 * Analytics inputs. Every analytics read takes optional from and to (YYYY-MM-DD); the streaming
 * markets and stores reflect the latest reporting window and ignore them.
 */

const day = (field: string) => z.iso.date(`The ${field} must be a date written YYYY-MM-DD.`);
const dateRange = { from: day('from').optional(), to: day('to').optional() };
const limit = (defaultLimit: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(1, 'The limit must be at least 1.')
    .max(max, `The limit may not be greater than ${max}.`)
    .default(defaultLimit);

export const AnalyticsRangeQuery = z.object(dateRange);
export const AnalyticsReleaseRangeQuery = z.object({ ...dateRange, release_uuid: z.uuid().optional() });
export const StreamingDailyQuery = z.object({ ...dateRange, release_uuid: z.uuid().optional(), track_uuid: z.uuid().optional() });
export const StreamingMarketsQuery = z.object({ ...dateRange, limit: limit(25, 250) });
export const StreamingStoresQuery = z.object({ ...dateRange, limit: limit(25, 100) });
export const StreamingTracksQuery = z.object({ ...dateRange, limit: limit(25, 200) });
export const StreamingPlaylistsQuery = z.object({ ...dateRange, limit: limit(25, 200) });
export const StreamingChartsQuery = z.object({ ...dateRange, limit: limit(50, 200) });
export const StreamingArtistWeeklyQuery = z.object({
  weeks: z.coerce.number().int().min(1, 'The weeks must be at least 1.').max(104, 'The weeks may not be greater than 104.').default(26),
});

const snapshot = z.object({
  release_uuid: z.uuid('The release_uuid must be a UUID.'),
  dsp_name: z.string().trim().min(1, 'The dsp_name field is required.').max(100),
  territory: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase())
    .refine((code) => ISO_3166_1_ALPHA_2.has(code), 'The territory must be an ISO 3166-1 alpha-2 code.'),
  period_label: z.string().trim().min(1, 'The period_label field is required.').max(32),
  streams: z.number().int().nonnegative(),
});

/** POST /analytics/ingest: stream counts only, never revenue. */
export const AnalyticsIngestBody = z.object({
  snapshots: z.array(snapshot).min(1, 'Send at least one snapshot.').max(1000, 'At most 1000 snapshots.'),
});
export type AnalyticsIngestBody = z.infer<typeof AnalyticsIngestBody>;
