import { Readable } from 'node:stream';
import { openCsvReport } from '../src/app/streaming/csv-report.ts';
import type { ChartRecord, OpenedReport, PlaylistRecord, StreamRecord } from '../src/app/streaming/report-records.ts';
import { MalformedReportError } from '../src/app/streaming/streaming.errors.ts';
import { CHART_COLUMNS, PLAYLIST_COLUMNS, csvFile, csvStreams } from './support/report-fixtures.ts';

/** Feeds the text in small chunks, as a stream from disk or the blob store would. */
const streamOf = (text: string): Readable => Readable.from((text.match(/[\s\S]{1,7}/g) ?? []).map((chunk) => Buffer.from(chunk)));

const read = async (text: string): Promise<{ report: OpenedReport; records: (StreamRecord | PlaylistRecord | ChartRecord)[] }> => {
  const report = await openCsvReport(streamOf(text));
  const records: (StreamRecord | PlaylistRecord | ChartRecord)[] = [];
  for await (const record of report.records as AsyncIterable<StreamRecord | PlaylistRecord | ChartRecord>) records.push(record);
  return { report, records };
};

const refusal = async (text: string): Promise<MalformedReportError> => {
  const outcome = await read(text).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof MalformedReportError)) throw new Error(`expected a malformed-report refusal, got ${String(outcome)}`);
  return outcome;
};

describe('CSV streams reports', () => {
  it('reads one record per line with every split, codes normalised, blank lines keeping their numbers', async () => {
    const text = csvStreams([
      {
        date: '2026-11-01',
        store: 'Spotify',
        territory: 'gb',
        isrc: 'gb-abc-26-00001',
        title: 'Dawn',
        artist: 'Nova',
        streams: 100,
        downloads: 2,
        streams_standard: 60,
        streams_premium: 40,
        streams_organic: 70,
        streams_curated: 30,
        streams_desktop: 20,
        streams_mobile: 80,
        played_30s: 90,
        played_60s: 80,
        played_90s: 50,
      },
    ]).replace('\n', '\n\n');
    const { report, records } = await read(`\uFEFF${text}`);
    expect(report).toMatchObject({ format: 'csv', kind: 'streams', store: null, period: null });
    expect(records).toEqual([
      {
        line: 3,
        day: '2026-11-01',
        store: 'Spotify',
        territory: 'GB',
        isrc: 'GBABC2600001',
        upc: null,
        title: 'Dawn',
        artistName: 'Nova',
        counts: {
          streams: 100,
          downloads: 2,
          streams_standard: 60,
          streams_premium: 40,
          streams_organic: 70,
          streams_curated: 30,
          streams_desktop: 20,
          streams_mobile: 80,
          played_30s: 90,
          played_60s: 80,
          played_90s: 50,
        },
      },
    ]);
  });

  it('takes the columns in any order and case, the splits optional (zero)', async () => {
    const { records } = await read('Streams,ISRC,Territory,Date\n5,GBABC2600001,US,2026-11-02\n');
    expect(records).toEqual([expect.objectContaining({ day: '2026-11-02', territory: 'US', store: null, counts: expect.objectContaining({ streams: 5, streams_premium: 0 }) })]);
  });

  it('accepts a UPC instead of an ISRC, and WW for the world', async () => {
    const { records } = await read('date,territory,upc,streams\n2026-11-02,WW,012345678905,8\n');
    expect(records).toEqual([expect.objectContaining({ territory: 'WW', isrc: null, upc: '012345678905' })]);
  });

  it('refuses a header without its required columns, with an unknown column, or without a code column', async () => {
    expect((await refusal('date,isrc,streams\n')).message).toBe(
      'The report file is malformed: line 1, column territory: is required by the streams layout (missing: territory)',
    );
    const unknown = await refusal('date,territory,isrc,streams,strams_premium\n');
    expect([unknown.line, unknown.column]).toEqual([1, 'strams_premium']);
    expect((await refusal('date,territory,streams\n')).column).toBe('isrc or upc');
    expect((await refusal('')).column).toBe('header');
  });

  it('refuses a bad cell naming its line and column', async () => {
    const header = 'date,territory,isrc,upc,streams,streams_premium,streams_standard,played_30s,played_60s\n';
    const cases: [string, string][] = [
      ['2026-02-30,GB,GBABC2600001,,1,,,,', 'date'],
      ['2026-11-01,ZZ,GBABC2600001,,1,,,,', 'territory'],
      ['2026-11-01,GB,ABC,,1,,,,', 'isrc'],
      ['2026-11-01,GB,,12345,1,,,,', 'upc'],
      ['2026-11-01,GB,,,1,,,,', 'isrc'],
      ['2026-11-01,GB,GBABC2600001,,-1,,,,', 'streams'],
      ['2026-11-01,GB,GBABC2600001,,,,,,', 'streams'],
      ['2026-11-01,GB,GBABC2600001,,10,6,5,,', 'streams_standard + streams_premium'],
      ['2026-11-01,GB,GBABC2600001,,10,,,4,5', 'played_60s'],
    ];
    for (const [line, column] of cases) {
      const error = await refusal(`${header}2026-11-01,GB,GBABC2600001,,1,,,,\n${line}\n`);
      expect([error.line, error.column]).toEqual([3, column]);
    }
  });

  it('refuses a line that cannot be parsed (an unclosed quote)', async () => {
    const error = await refusal('date,territory,isrc,streams\n2026-11-01,"GB,GBABC2600001,1\n');
    expect(error.message).toMatch(/^The report file is malformed: line \d+, column \d+: cannot be read/);
  });
});

describe('CSV playlists and charts reports', () => {
  it('tells a playlists report by its playlist column', async () => {
    const text = csvFile(PLAYLIST_COLUMNS, [
      { date: '2026-11-03', store: 'Spotify', playlist: 'Morning Mix', playlist_followers: 1200, isrc: 'GBABC2600001', title: 'Dawn', artist: 'Nova', streams: 30, streams_standard: 10, streams_premium: 20 },
      { date: '2026-11-03', store: 'Spotify', playlist: 'Late Night', playlist_followers: '', isrc: 'GBABC2600002', title: 'Dusk', artist: 'Nova', streams: 5 },
    ]);
    const { report, records } = await read(text);
    expect(report.kind).toBe('playlists');
    expect(records).toEqual([
      expect.objectContaining({ line: 2, playlist: 'Morning Mix', playlistFollowers: 1200, streams: 30, streamsStandard: 10, streamsPremium: 20 }),
      expect.objectContaining({ line: 3, playlist: 'Late Night', playlistFollowers: null, streams: 5, streamsStandard: 0, streamsPremium: 0 }),
    ]);
  });

  it('tells a charts report by its chart column; previous is optional', async () => {
    const text = csvFile(CHART_COLUMNS, [
      { date: '2026-11-04', store: 'Spotify', chart: 'Top 50', genre: 'Pop', territory: 'GB', position: 3, previous: 7, isrc: 'GBABC2600001', title: 'Dawn', artist: 'Nova' },
      { date: '2026-11-04', store: 'Spotify', chart: 'Viral 50', genre: '', territory: 'GB', position: 12, previous: '', title: 'Dusk', artist: 'Nova' },
    ]);
    const { report, records } = await read(text);
    expect(report.kind).toBe('charts');
    expect(records).toEqual([
      expect.objectContaining({ chart: 'Top 50', genre: 'Pop', position: 3, previous: 7, isrc: 'GBABC2600001' }),
      expect.objectContaining({ chart: 'Viral 50', genre: null, position: 12, previous: null, isrc: null, title: 'Dusk' }),
    ]);
  });

  it('refuses a chart position below 1', async () => {
    const error = await refusal(csvFile(CHART_COLUMNS, [{ date: '2026-11-04', chart: 'Top 50', territory: 'GB', position: 0, title: 'Dawn' }]));
    expect([error.line, error.column]).toEqual([2, 'position']);
  });
});
