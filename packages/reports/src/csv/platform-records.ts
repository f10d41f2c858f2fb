/*
 * What a CSV report of the platform's layouts holds once read: day-level stream records, playlist
 * records or chart records. Each keeps the line it came from, so a later check can still name it.
 */

export type ReportKind = 'streams' | 'playlists' | 'charts';

/** Every split of a day-level stream record (a DSR fills only streams, downloads and the two tiers). */
export const STREAM_COUNTS = [
  'streams',
  'downloads',
  'streams_standard',
  'streams_premium',
  'streams_organic',
  'streams_curated',
  'streams_desktop',
  'streams_mobile',
  'played_30s',
  'played_60s',
  'played_90s',
] as const;
export type StreamCount = (typeof STREAM_COUNTS)[number];

interface RecordBase {
  /** The file's line the record was read from (the first line is 1). */
  line: number;
  day: string;
  /** The store the line names; null when the file leaves it to the file's header or the operator. */
  store: string | null;
  isrc: string | null;
  upc: string | null;
  title: string;
  artistName: string;
}

export interface StreamRecord extends RecordBase {
  territory: string;
  counts: Record<StreamCount, number>;
}

export interface PlaylistRecord extends RecordBase {
  playlist: string;
  playlistFollowers: number | null;
  streams: number;
  streamsStandard: number;
  streamsPremium: number;
}

export interface ChartRecord extends RecordBase {
  chart: string;
  genre: string | null;
  territory: string;
  position: number;
  previous: number | null;
}

export type ReportRecords =
  | { kind: 'streams'; records: AsyncIterable<StreamRecord> }
  | { kind: 'playlists'; records: AsyncIterable<PlaylistRecord> }
  | { kind: 'charts'; records: AsyncIterable<ChartRecord> };

/** A CSV report of the platform's layouts opened: its kind, then its records one at a time. */
export type OpenedCsvReport = ReportRecords & { format: 'csv' };

/** Written out rather than built from STREAM_COUNTS: one is made per line read. */
export const zeroCounts = (): Record<StreamCount, number> => ({
  streams: 0,
  downloads: 0,
  streams_standard: 0,
  streams_premium: 0,
  streams_organic: 0,
  streams_curated: 0,
  streams_desktop: 0,
  streams_mobile: 0,
  played_30s: 0,
  played_60s: 0,
  played_90s: 0,
});
