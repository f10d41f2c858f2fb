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

/** A day, an ISO week, a month or a quarter; analytics turns it into the first and last day it covers. */
export const PERIOD_LABEL_PATTERN = /^\d{4}-(?:(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?|W(?:0[1-9]|[1-4]\d|5[0-3])|Q[1-4])$/;
export const PERIOD_LABEL_MESSAGE =
  'The period_label must be a day (YYYY-MM-DD), an ISO week (YYYY-Www), a month (YYYY-MM) or a quarter (YYYY-Qn).';
export const SNAPSHOT_REVENUE_MESSAGE = 'Analytics takes stream counts only; revenue comes from royalty statements.';

const SNAPSHOT_FIELDS = ['release_uuid', 'dsp_name', 'territory', 'period_label', 'streams'] as const;
/** Field names that carry money: a client sending one is told where revenue comes from. */
const MONEY_FIELD = /revenue|usd|amount|earning|royalt|payout|income|price|currency/i;

const unknownFieldMessage = (field: string): string =>
  MONEY_FIELD.test(field)
    ? SNAPSHOT_REVENUE_MESSAGE
    : `Unknown field ${field}. A snapshot takes ${SNAPSHOT_FIELDS.join(', ')} (stream counts only).`;

const snapshot = z
  // Loose, then refused key by key below, so each unknown field is named at its own path
  // (snapshots.3.revenue) alongside the item's other problems.
  .looseObject({
    release_uuid: z.uuid('The release_uuid must be a UUID.'),
    dsp_name: z.string().trim().min(1, 'The dsp_name field is required.').max(100),
    territory: z
      .string()
      .trim()
      .transform((code) => code.toUpperCase())
      .refine((code) => ISO_3166_1_ALPHA_2.has(code), 'The territory must be an ISO 3166-1 alpha-2 code.'),
    period_label: z
      .string()
      .trim()
      .transform((label) => label.toUpperCase())
      .pipe(z.string().regex(PERIOD_LABEL_PATTERN, PERIOD_LABEL_MESSAGE)),
    streams: z.number().int('The streams must be a whole number.').nonnegative('The streams must not be negative.'),
  })
  .superRefine(
    (item, ctx) => {
      if (typeof item !== 'object' || item === null) return;
      for (const field of Object.keys(item)) {
        if (!(SNAPSHOT_FIELDS as readonly string[]).includes(field)) ctx.addIssue({ code: 'custom', path: [field], message: unknownFieldMessage(field) });
      }
    },
    { when: () => true },
  )
  // Documented as closed: the refinement above refuses every other field.
  .meta({ additionalProperties: false });

/** POST /analytics/ingest: stream counts only, never revenue. */
export const AnalyticsIngestBody = z.object({
  snapshots: z.array(snapshot).min(1, 'Send at least one snapshot.').max(1000, 'At most 1000 snapshots.'),
});
export type AnalyticsIngestBody = z.infer<typeof AnalyticsIngestBody>;
