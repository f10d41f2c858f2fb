import type { Readable } from 'node:stream';
import { readCount, readDay, readIsrc, readPosition, readStore, readTerritory, readText, readUpc } from '../values/cell-values.ts';
import { isBlank, reportLineBatches, type ReportLine } from './csv-lines.ts';
import { STREAM_COUNTS, zeroCounts, type ChartRecord, type OpenedCsvReport, type PlaylistRecord, type ReportKind, type StreamRecord } from './platform-records.ts';
import { ReportFileError, type ReportPlace } from '../report-file-error.ts';

/*
 * The platform's CSV report layouts (docs/analytics-streaming.md): comma-separated, a header line
 * naming the columns (any order, any case), one record a line. The header tells the three apart:
 *   charts     a `chart` column;
 *   playlists  a `playlist` column;
 *   streams    otherwise.
 * A column the layout does not know is refused (a misspelt split would otherwise read as zero).
 */

interface Layout {
  required: readonly string[];
  optional: readonly string[];
  /** At least one of these must be a column. */
  oneOf: readonly string[];
}

const STREAM_SPLITS = STREAM_COUNTS.filter((name) => name !== 'streams');

export const CSV_LAYOUTS: Record<ReportKind, Layout> = {
  streams: {
    required: ['date', 'territory', 'streams'],
    optional: ['store', 'isrc', 'upc', 'title', 'artist', ...STREAM_SPLITS],
    oneOf: ['isrc', 'upc'],
  },
  playlists: {
    required: ['date', 'playlist', 'streams'],
    optional: ['store', 'playlist_followers', 'isrc', 'upc', 'title', 'artist', 'streams_standard', 'streams_premium'],
    oneOf: ['isrc', 'upc'],
  },
  charts: {
    required: ['date', 'chart', 'territory', 'position', 'title'],
    optional: ['store', 'genre', 'previous', 'isrc', 'upc', 'artist'],
    oneOf: [],
  },
};

/** A header cell as a column name: `Streams Premium` and `streams_premium` are one column. */
const columnName = (cell: string): string => cell.trim().toLowerCase().replace(/[\s-]+/g, '_');

const kindOf = (columns: string[]): ReportKind => (columns.includes('chart') ? 'charts' : columns.includes('playlist') ? 'playlists' : 'streams');

/** The header's columns and where each is, or the refusal naming what is wrong with it. */
const readHeader = ({ line, cells }: ReportLine): { kind: ReportKind; columns: Map<string, number> } => {
  const names = cells.map(columnName);
  const kind = kindOf(names);
  const layout = CSV_LAYOUTS[kind];
  const known = new Set([...layout.required, ...layout.optional]);
  const columns = new Map<string, number>();
  names.forEach((name, index) => {
    if (name === '') return;
    if (!known.has(name)) throw new ReportFileError({ line, field: cells[index]!.trim() }, `is not a column of the ${kind} layout (columns: ${[...known].join(', ')})`);
    if (columns.has(name)) throw new ReportFileError({ line, field: name }, 'is named twice');
    columns.set(name, index);
  });
  const missing = layout.required.filter((name) => !columns.has(name));
  if (missing.length > 0) throw new ReportFileError({ line, field: missing[0]! }, `is required by the ${kind} layout (missing: ${missing.join(', ')})`);
  if (layout.oneOf.length > 0 && !layout.oneOf.some((name) => columns.has(name))) {
    throw new ReportFileError({ line, field: layout.oneOf.join(' or ') }, `the ${kind} layout needs one of them`);
  }
  return { kind, columns };
};

/** Reads the cells of one line by column name. */
const cellReader = (columns: Map<string, number>, { line, cells }: ReportLine) => ({
  line,
  value: (name: string): string | undefined => {
    const index = columns.get(name);
    return index === undefined ? undefined : cells[index];
  },
  at: (name: string): ReportPlace => ({ line, field: name }),
});

type Cells = ReturnType<typeof cellReader>;

/** The recording a line is about: its ISRC or its UPC (at least one), title and artist. */
const readRecording = (cells: Cells, options: { codeRequired: boolean }) => {
  const isrc = readIsrc(cells.value('isrc'), cells.at('isrc'));
  const upc = readUpc(cells.value('upc'), cells.at('upc'));
  if (options.codeRequired && isrc === null && upc === null) {
    throw new ReportFileError({ line: cells.line, field: 'isrc' }, 'a line names its ISRC or its UPC');
  }
  return { isrc, upc, title: readText(cells.value('title'), cells.at('title')), artistName: readText(cells.value('artist'), cells.at('artist')) };
};

/** A split that is part of the streams can never exceed them (nor a longer play a shorter one). */
const assertWithin = (cells: Cells, parts: number, whole: number, partsName: string, wholeName: string): void => {
  if (parts > whole) throw new ReportFileError({ line: cells.line, field: partsName }, `${parts} is more than ${wholeName} (${whole})`);
};

const streamRecord = (line: ReportLine, columns: Map<string, number>): StreamRecord => {
  const cells = cellReader(columns, line);
  const counts = zeroCounts();
  // Only the columns the file has: a count it leaves out reads as an empty cell would, zero ('streams' is always a column).
  for (const name of STREAM_COUNTS) {
    const index = columns.get(name);
    if (index !== undefined) counts[name] = readCount(line.cells[index], cells.at(name), { required: name === 'streams' });
  }
  assertWithin(cells, counts.streams_standard + counts.streams_premium, counts.streams, 'streams_standard + streams_premium', 'streams');
  assertWithin(cells, counts.streams_organic + counts.streams_curated, counts.streams, 'streams_organic + streams_curated', 'streams');
  assertWithin(cells, counts.streams_desktop + counts.streams_mobile, counts.streams, 'streams_desktop + streams_mobile', 'streams');
  assertWithin(cells, counts.played_30s, counts.streams, 'played_30s', 'streams');
  assertWithin(cells, counts.played_60s, counts.played_30s, 'played_60s', 'played_30s');
  assertWithin(cells, counts.played_90s, counts.played_60s, 'played_90s', 'played_60s');
  return {
    line: line.line,
    day: readDay(cells.value('date'), cells.at('date')),
    store: readStore(cells.value('store'), cells.at('store')),
    territory: readTerritory(cells.value('territory'), cells.at('territory')),
    ...readRecording(cells, { codeRequired: true }),
    counts,
  };
};

const playlistRecord = (line: ReportLine, columns: Map<string, number>): PlaylistRecord => {
  const cells = cellReader(columns, line);
  const streams = readCount(cells.value('streams'), cells.at('streams'), { required: true });
  const streamsStandard = readCount(cells.value('streams_standard'), cells.at('streams_standard'));
  const streamsPremium = readCount(cells.value('streams_premium'), cells.at('streams_premium'));
  assertWithin(cells, streamsStandard + streamsPremium, streams, 'streams_standard + streams_premium', 'streams');
  const followers = cells.value('playlist_followers')?.trim() ?? '';
  return {
    line: line.line,
    day: readDay(cells.value('date'), cells.at('date')),
    store: readStore(cells.value('store'), cells.at('store')),
    playlist: readText(cells.value('playlist'), cells.at('playlist'), { required: true }),
    playlistFollowers: followers === '' ? null : readCount(followers, cells.at('playlist_followers')),
    ...readRecording(cells, { codeRequired: true }),
    streams,
    streamsStandard,
    streamsPremium,
  };
};

const chartRecord = (line: ReportLine, columns: Map<string, number>): ChartRecord => {
  const cells = cellReader(columns, line);
  const recording = readRecording(cells, { codeRequired: false });
  if (recording.title === '') throw new ReportFileError({ line: line.line, field: 'title' }, 'is required');
  const genre = readText(cells.value('genre'), cells.at('genre'));
  return {
    line: line.line,
    day: readDay(cells.value('date'), cells.at('date')),
    store: readStore(cells.value('store'), cells.at('store')),
    chart: readText(cells.value('chart'), cells.at('chart'), { required: true }),
    genre: genre === '' ? null : genre,
    territory: readTerritory(cells.value('territory'), cells.at('territory')),
    position: readPosition(cells.value('position'), cells.at('position'), { required: true })!,
    previous: readPosition(cells.value('previous'), cells.at('previous')),
    ...recording,
  };
};

/** Opens a CSV report: reads its header line (the first that is not blank), then its records one at a time. */
export const openCsvReport = async (source: Readable): Promise<OpenedCsvReport> => {
  const batches = reportLineBatches(source, { delimiter: ',', quoted: true });
  // The batch the header line came in, and where in it the records start.
  let batch: ReportLine[] = [];
  let index = 0;
  let headerLine: ReportLine | undefined;
  search: for (let next = await batches.next(); !next.done; next = await batches.next()) {
    batch = next.value;
    for (index = 0; index < batch.length; index += 1) {
      if (!isBlank(batch[index]!.cells)) {
        headerLine = batch[index];
        index += 1;
        break search;
      }
    }
  }
  if (!headerLine) throw new ReportFileError({ line: 1, field: 'header' }, 'the file is empty: a CSV report starts with its header line');
  const { kind, columns } = (() => {
    try {
      return readHeader(headerLine);
    } catch (error) {
      void batches.return(undefined);
      throw error;
    }
  })();

  async function* records<T>(read: (line: ReportLine, columns: Map<string, number>) => T): AsyncGenerator<T> {
    // However the reading ends (a refusal, the reader stopping), the file is closed.
    try {
      for (; ; index = 0) {
        for (; index < batch.length; index += 1) {
          if (!isBlank(batch[index]!.cells)) yield read(batch[index]!, columns);
        }
        const next = await batches.next();
        if (next.done) break;
        batch = next.value;
      }
    } finally {
      await batches.return(undefined);
    }
  }

  if (kind === 'streams') return { format: 'csv', kind, records: records(streamRecord) };
  if (kind === 'playlists') return { format: 'csv', kind, records: records(playlistRecord) };
  return { format: 'csv', kind, records: records(chartRecord) };
};
