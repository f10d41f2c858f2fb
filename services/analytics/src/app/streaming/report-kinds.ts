import type { CopyValue } from './pg-copy.ts';
import { STREAM_COUNTS, type ChartRecord, type PlaylistRecord, type ReportKind, type StreamRecord } from './report-records.ts';

/** Columns every kind of row has from its file. */
export const RECORDING_COLUMNS = [
  { name: 'day', type: 'date' },
  { name: 'isrc', type: 'text' },
  { name: 'upc', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'artist_name', type: 'text' },
] as const;

/** Where each kind of report row is kept and what it carries beyond its recording. */
export interface KindShape<TRecord> {
  table: 'stream_row' | 'playlist_row' | 'chart_row';
  columns: readonly { name: string; type: string }[];
  /** Whether a later file replaces earlier rows territory by territory (else store-wide). */
  byTerritory: boolean;
  values(record: TRecord): CopyValue[];
}

const recordingValues = (record: StreamRecord | PlaylistRecord | ChartRecord): CopyValue[] => [record.day, record.isrc, record.upc, record.title, record.artistName];

export const STREAM_SHAPE: KindShape<StreamRecord> = {
  table: 'stream_row',
  columns: [{ name: 'territory', type: 'text' }, ...STREAM_COUNTS.map((name) => ({ name, type: 'bigint' }))],
  byTerritory: true,
  values: (record) => [...recordingValues(record), record.territory, ...STREAM_COUNTS.map((name) => record.counts[name])],
};

export const PLAYLIST_SHAPE: KindShape<PlaylistRecord> = {
  table: 'playlist_row',
  columns: [
    { name: 'playlist', type: 'text' },
    { name: 'playlist_followers', type: 'integer' },
    { name: 'streams', type: 'bigint' },
    { name: 'streams_standard', type: 'bigint' },
    { name: 'streams_premium', type: 'bigint' },
  ],
  byTerritory: false,
  values: (record) => [...recordingValues(record), record.playlist, record.playlistFollowers, record.streams, record.streamsStandard, record.streamsPremium],
};

export const CHART_SHAPE: KindShape<ChartRecord> = {
  table: 'chart_row',
  columns: [
    { name: 'chart', type: 'text' },
    { name: 'genre', type: 'text' },
    { name: 'territory', type: 'text' },
    { name: 'position', type: 'integer' },
    { name: 'previous', type: 'integer' },
  ],
  byTerritory: true,
  values: (record) => [...recordingValues(record), record.chart, record.genre, record.territory, record.position, record.previous],
};

export const SHAPES: Record<ReportKind, KindShape<never>> = { streams: STREAM_SHAPE, playlists: PLAYLIST_SHAPE, charts: CHART_SHAPE };
