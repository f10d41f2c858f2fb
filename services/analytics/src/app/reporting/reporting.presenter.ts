import { countryName } from './country-names.ts';
import type { OverviewFigures, ReleaseStreams } from './report-queries.ts';
import { microsToUsd } from './usd.ts';

/*
 * The first family's replies in the envelope shape of packages/contracts responses/analytics.ts;
 * revenue as `*_usd` decimal strings, never floats.
 */

export const presentOverview = (range: { from: string; to: string }, figures: OverviewFigures) => ({
  success: true as const,
  data: {
    from: range.from,
    to: range.to,
    total_streams: figures.streams,
    total_revenue_usd: microsToUsd(figures.revenueMicros),
    top_release: figures.topRelease
      ? { uuid: figures.topRelease.releaseId, title: figures.topRelease.title, streams: figures.topRelease.streams }
      : null,
    top_dsp: figures.topDsp,
    top_territory: figures.topTerritory,
  },
});

export const presentByRelease = (rows: ReleaseStreams[]) => ({
  success: true as const,
  data: rows.map((row) => ({ release_uuid: row.releaseId, title: row.title, streams: row.streams })),
});

export const presentByTerritory = (rows: { territory: string; streams: number }[]) => ({
  success: true as const,
  data: rows.map((row) => ({ territory: row.territory, country_name: countryName(row.territory), streams: row.streams })),
});

export const presentByDsp = (rows: { dsp: string; streams: number }[]) => ({ success: true as const, data: rows });

export const presentTimeSeries = (rows: { period: string; streams: number }[]) => ({ success: true as const, data: { time_series: rows } });

export const presentArtistReport = (
  artist: { uuid: string; name: string },
  range: { from: string; to: string },
  figures: { streams: number; revenueMicros: bigint },
) => ({
  success: true as const,
  artist,
  period: { from: range.from, to: range.to },
  data: { streams: figures.streams, revenue: microsToUsd(figures.revenueMicros) },
});

export const presentIngested = (ingested: number) => ({ success: true as const, data: { ingested } });
