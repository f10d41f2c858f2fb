import type { z } from 'zod';
import { defineRoute } from './define-route.ts';
import { AnalyticsOperation } from './operations/analytics-operations.ts';
import {
  AnalyticsIngestBody,
  AnalyticsRangeQuery,
  AnalyticsReleaseRangeQuery,
  StreamingArtistWeeklyQuery,
  StreamingChartsQuery,
  StreamingDailyQuery,
  StreamingMarketsQuery,
  StreamingPlaylistsQuery,
  StreamingStoresQuery,
  StreamingTracksQuery,
} from './requests/analytics-queries.ts';
import { UuidParams } from './requests/path-params.ts';
import {
  AnalyticsArtistReply,
  AnalyticsByDspReply,
  AnalyticsByReleaseReply,
  AnalyticsByTerritoryReply,
  AnalyticsIngestReply,
  AnalyticsOverviewReply,
  AnalyticsTimeSeriesReply,
  StreamingArtistWeeklyReply,
  StreamingChartsReply,
  StreamingCoverageReply,
  StreamingDailyReply,
  StreamingMarketsReply,
  StreamingPlaylistsReply,
  StreamingStoresReply,
  StreamingSummaryReply,
  StreamingTracksReply,
} from './responses/analytics.ts';
import type { AnyRouteDefinition, EdgeRule } from './route-definition.ts';

type AnalyticsRead = Exclude<(typeof AnalyticsOperation)[keyof typeof AnalyticsOperation], typeof AnalyticsOperation.ingest>;

/** The /analytics/* reads: the service checks analytics.read, then parses the query. */
const READER: EdgeRule = { gate: 'analytics.read' };

/** Every analytics route counts in the analytics rate category (60 a minute). */
const analyticsRead = (path: string, operation: AnalyticsRead, summary: string, query: z.ZodObject | undefined, reply: z.ZodType, edge?: EdgeRule) =>
  defineRoute({
    method: 'GET',
    path,
    service: 'analytics',
    operation,
    ...(edge ? { edge } : {}),
    summary,
    request: { ...(path.includes(':uuid') ? { params: UuidParams } : {}), ...(query ? { query } : {}) },
    rate: 'analytics',
    responses: { 200: { description: 'The report.', body: reply } },
  });

/**
 * Two families that do not tie out: /analytics/* is aligned with royalty statements and includes
 * ingested rows; /analytics/streaming/* is stream counts only, refreshed daily, settled a couple
 * of days behind.
 */
export const ANALYTICS_ROUTES: readonly AnyRouteDefinition[] = [
  analyticsRead(
    '/analytics/overview',
    AnalyticsOperation.overview,
    'Get the overview: total streams and revenue, top release, DSP and territory (default: the last 30 days).',
    AnalyticsRangeQuery,
    AnalyticsOverviewReply,
    READER,
  ),
  analyticsRead('/analytics/by-release', AnalyticsOperation.byRelease, 'Get streams by release.', AnalyticsRangeQuery, AnalyticsByReleaseReply, READER),
  analyticsRead(
    '/analytics/by-territory',
    AnalyticsOperation.byTerritory,
    'Get streams by territory, for one release or all.',
    AnalyticsReleaseRangeQuery,
    AnalyticsByTerritoryReply,
    READER,
  ),
  analyticsRead('/analytics/by-dsp', AnalyticsOperation.byDsp, 'Get streams by DSP.', AnalyticsRangeQuery, AnalyticsByDspReply, READER),
  analyticsRead(
    '/analytics/time-series',
    AnalyticsOperation.timeSeries,
    'Get streams over time, for one release or all.',
    AnalyticsReleaseRangeQuery,
    AnalyticsTimeSeriesReply,
    READER,
  ),
  analyticsRead(
    '/analytics/artist/:uuid',
    AnalyticsOperation.artist,
    "Get an artist's streams and revenue; an artist key may read only its own artist.",
    AnalyticsRangeQuery,
    AnalyticsArtistReply,
    READER,
  ),
  analyticsRead(
    '/analytics/streaming/summary',
    AnalyticsOperation.streamingSummary,
    'Get the streaming summary: streams, downloads, days reported and catalogue counts (default: the last 90 days).',
    AnalyticsRangeQuery,
    StreamingSummaryReply,
  ),
  analyticsRead(
    '/analytics/streaming/daily',
    AnalyticsOperation.streamingDaily,
    'Get daily streams and downloads, for a release, a track or all.',
    StreamingDailyQuery,
    StreamingDailyReply,
  ),
  analyticsRead(
    '/analytics/streaming/markets',
    AnalyticsOperation.streamingMarkets,
    'Get streams by market in the most recent reporting window.',
    StreamingMarketsQuery,
    StreamingMarketsReply,
  ),
  analyticsRead(
    '/analytics/streaming/stores',
    AnalyticsOperation.streamingStores,
    'Get streams by store in the most recent reporting window.',
    StreamingStoresQuery,
    StreamingStoresReply,
  ),
  analyticsRead(
    '/analytics/streaming/tracks',
    AnalyticsOperation.streamingTracks,
    'Get the top tracks by streams and downloads.',
    StreamingTracksQuery,
    StreamingTracksReply,
  ),
  analyticsRead(
    '/analytics/streaming/playlists',
    AnalyticsOperation.streamingPlaylists,
    'Get the playlists carrying the catalogue, with their streams.',
    StreamingPlaylistsQuery,
    StreamingPlaylistsReply,
  ),
  analyticsRead(
    '/analytics/streaming/charts',
    AnalyticsOperation.streamingCharts,
    'Get chart entries of the catalogue, with position and previous position.',
    StreamingChartsQuery,
    StreamingChartsReply,
  ),
  analyticsRead(
    '/analytics/streaming/coverage',
    AnalyticsOperation.streamingCoverage,
    'Get reporting coverage: how rows were matched, and delivered releases with no report.',
    undefined,
    StreamingCoverageReply,
  ),
  analyticsRead(
    '/analytics/streaming/artists/:uuid/weekly',
    AnalyticsOperation.streamingArtistWeekly,
    "Get an artist's weekly streams by tier, source and device (default 26 weeks, at most 104).",
    StreamingArtistWeeklyQuery,
    StreamingArtistWeeklyReply,
  ),
  defineRoute({
    method: 'POST',
    path: '/analytics/ingest',
    service: 'analytics',
    operation: AnalyticsOperation.ingest,
    edge: { gate: 'analytics.read', absentBody: 'empty' },
    summary: 'Ingest stream-count snapshots (stream counts only, never revenue).',
    request: { body: AnalyticsIngestBody },
    rate: 'analytics',
    responses: { 200: { description: 'How many snapshots were ingested.', body: AnalyticsIngestReply } },
  }),
];
