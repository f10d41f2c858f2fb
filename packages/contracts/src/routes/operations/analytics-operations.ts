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
  /**
   * Internal (operator command → analytics): load a DSP report file the operator stored as a
   * private blob of the tenant. Only the platform itself (a system principal) may ask. The load is
   * a job: the reply (202) is the queued job at once; streamingLoadJob reads it as it runs.
   * Body: StreamingLoadFileBody; reply: ReportLoadJobReply.
   */
  streamingLoadFile: 'streaming.load_file',
  /**
   * Internal (operator command → analytics): one report load job of the principal's tenant, by id
   * (404 when the tenant has none of that id). Body: StreamingLoadJobBody; reply: ReportLoadJobReply.
   */
  streamingLoadJob: 'streaming.load_job',
} as const;
