import { z } from 'zod';
import { envelope } from './common.ts';

/*
 * Analytics replies in the envelope shape (the spec writes time-series as `{success, data:{...}}`
 * and ingest as `{data:{ingested}}`). The first family is aligned with royalty statements;
 * the streaming family is stream counts only, never revenue.
 */

/** Revenue in US dollars as a decimal string, like the royalty amounts. */
const usd = z.string().regex(/^-?\d+(\.\d+)?$/);
const day = z.string();
const period = z.object({ from: day, to: day });
const streams = z.number().int().nonnegative();

export const AnalyticsOverviewReply = envelope(
  z.object({
    from: day,
    to: day,
    total_streams: streams,
    total_revenue_usd: usd,
    top_release: z.object({ uuid: z.uuid(), title: z.string(), streams }).nullable(),
    top_dsp: z.string().nullable(),
    top_territory: z.string().nullable(),
  }),
);

export const AnalyticsByReleaseReply = envelope(z.array(z.object({ release_uuid: z.uuid(), title: z.string(), streams })));
export const AnalyticsByTerritoryReply = envelope(z.array(z.object({ territory: z.string(), country_name: z.string(), streams })));
export const AnalyticsByDspReply = envelope(z.array(z.object({ dsp: z.string(), streams })));
export const AnalyticsTimeSeriesReply = envelope(z.object({ time_series: z.array(z.object({ period: z.string(), streams })) }));

/** GET /analytics/artist/{uuid}: the artist, the period and its totals. */
export const AnalyticsArtistReply = z.object({
  success: z.literal(true),
  artist: z.object({ uuid: z.uuid(), name: z.string() }),
  period,
  data: z.object({ streams, revenue: usd }),
});

export const AnalyticsIngestReply = envelope(z.object({ ingested: z.number().int().nonnegative() }));

export const StreamingSummaryReply = envelope(
  z.object({
    period,
    streams,
    downloads: streams,
    days_reported: z.number().int().nonnegative(),
    first_day: day.nullable(),
    last_day: day.nullable(),
    catalogue: z.object({ products: z.number().int(), albums: z.number().int(), tracks: z.number().int(), artists: z.number().int() }),
    last_synced_at: z.string().nullable(),
  }),
);

export const StreamingDailyReply = envelope(z.object({ period, daily: z.array(z.object({ date: day, streams, downloads: streams })) }));

/** Markets and stores reflect the most recent reporting window, not from/to: never sum them across windows. */
export const StreamingMarketsReply = envelope(z.object({ markets: z.array(z.object({ territory: z.string(), streams })), note: z.string() }));
export const StreamingStoresReply = envelope(z.object({ stores: z.array(z.object({ store: z.string(), streams })), note: z.string() }));

export const StreamingTracksReply = envelope(
  z.object({
    period,
    tracks: z.array(
      z.object({
        isrc: z.string(),
        title: z.string(),
        artist: z.string(),
        /** null when the row matched no release or track of the catalogue. */
        release_uuid: z.uuid().nullable(),
        track_uuid: z.uuid().nullable(),
        streams,
        downloads: streams,
      }),
    ),
  }),
);

/** Playlist position is not returned. */
export const StreamingPlaylistsReply = envelope(
  z.object({
    playlists: z.array(
      z.object({
        playlist: z.string(),
        store: z.string(),
        playlist_followers: z.number().int().nullable(),
        track: z.string(),
        track_uuid: z.uuid().nullable(),
        streams,
        streams_standard: streams,
        streams_premium: streams,
      }),
    ),
    note: z.string(),
  }),
);

/** Movement is previous minus position. */
export const StreamingChartsReply = envelope(
  z.object({
    charts: z.array(
      z.object({
        captured_on: day,
        chart: z.string(),
        genre: z.string().nullable(),
        territory: z.string(),
        store: z.string(),
        title: z.string(),
        artist: z.string(),
        position: z.number().int(),
        previous: z.number().int().nullable(),
        /** previous − position: positive when the entry climbed; null when it is new to the chart. */
        movement: z.number().int().nullable(),
      }),
    ),
  }),
);

export const StreamingCoverageReply = envelope(
  z.object({
    coverage: z.object({
      matched_by: z.array(z.object({ method: z.string(), count: z.number().int().nonnegative() })),
      unreported_releases: z.array(
        z.object({ release_uuid: z.uuid(), title: z.string(), upc: z.string().nullable(), delivered_barcode: z.string().nullable() }),
      ),
    }),
    note: z.string(),
  }),
);

export const StreamingArtistWeeklyReply = envelope(
  z.object({
    artist: z.object({ uuid: z.uuid(), name: z.string() }),
    weekly: z.array(
      z.object({
        /** ISO week, e.g. 2026-W07. */
        week: z.string(),
        streams_total: streams,
        streams_standard: streams,
        streams_premium: streams,
        streams_organic: streams,
        streams_curated: streams,
        streams_desktop: streams,
        streams_mobile: streams,
        played_30s: streams,
        played_60s: streams,
        played_90s: streams,
      }),
    ),
  }),
);
