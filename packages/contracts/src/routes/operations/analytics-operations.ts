/**
 * Operations the analytics service will answer: the first family (/analytics/*, aligned with
 * royalty statements) and the streaming family (/analytics/streaming/*, stream counts only).
 */
export const AnalyticsOperation = {
  overview: 'analytics.overview',
  byRelease: 'analytics.by_release',
  byTerritory: 'analytics.by_territory',
  byDsp: 'analytics.by_dsp',
  timeSeries: 'analytics.time_series',
  artist: 'analytics.artist',
  ingest: 'analytics.ingest',
  streamingSummary: 'streaming.summary',
  streamingDaily: 'streaming.daily',
  streamingMarkets: 'streaming.markets',
  streamingStores: 'streaming.stores',
  streamingTracks: 'streaming.tracks',
  streamingPlaylists: 'streaming.playlists',
  streamingCharts: 'streaming.charts',
  streamingCoverage: 'streaming.coverage',
  streamingArtistWeekly: 'streaming.artist_weekly',
} as const;
