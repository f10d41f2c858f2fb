import type { ArtistWeekly } from './artist-weekly.ts';
import type { ChartEntry } from './streaming-charts.ts';
import { COVERAGE_NOTE, type Coverage } from './streaming-coverage.ts';
import type { DailyRow } from './streaming-daily.ts';
import type { Period } from './streaming-period.ts';
import { playlistNote, type PlaylistRanking } from './streaming-playlists.ts';
import type { StreamingSummary } from './streaming-summary.ts';
import type { TopTrack } from './streaming-tracks.ts';
import { windowNote, type WindowRanking } from './streaming-window.ts';

/*
 * The streaming family's replies, in the envelope shape the contracts give
 * (packages/contracts/src/routes/responses/analytics.ts).
 */

const envelope = <T>(data: T) => ({ success: true as const, data });

export const presentSummary = (summary: StreamingSummary) => envelope(summary);

export const presentDaily = (period: Period, daily: DailyRow[]) => envelope({ period, daily });

export const presentMarkets = (ranking: WindowRanking) =>
  envelope({ markets: ranking.rows.map((row) => ({ territory: row.name, streams: row.streams })), note: windowNote(ranking.window) });

export const presentStores = (ranking: WindowRanking) =>
  envelope({ stores: ranking.rows.map((row) => ({ store: row.name, streams: row.streams })), note: windowNote(ranking.window) });

export const presentTracks = (period: Period, tracks: TopTrack[]) => envelope({ period, tracks });

export const presentPlaylists = (ranking: PlaylistRanking) => envelope({ playlists: ranking.playlists, note: playlistNote(ranking.window) });

export const presentCharts = (charts: ChartEntry[]) => envelope({ charts });

export const presentCoverage = (coverage: Coverage) => envelope({ coverage, note: COVERAGE_NOTE });

export const presentArtistWeekly = (weekly: ArtistWeekly) => envelope(weekly);
