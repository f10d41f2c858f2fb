import { Readable } from 'node:stream';
import { openReport } from '../src/app/streaming/report-intake.ts';
import type { ChartRecord, OpenedReport, PlaylistRecord, StreamRecord } from '../src/app/streaming/report-records.ts';
import { MalformedReportError } from '../src/app/streaming/streaming.errors.ts';
import { CHART_COLUMNS, PLAYLIST_COLUMNS, csvFile, csvStreams } from './support/report-fixtures.ts';

/*
 * The platform's CSV layouts as the streaming family loads them: the shared intake reads them (its
 * own tests check every cell); here, what the family gets and how a refusal reads.
 */

/** Feeds the text in small chunks, as a stream from disk or the blob store would. */
const streamOf = (text: string): Readable => Readable.from((text.match(/[\s\S]{1,7}/g) ?? []).map((chunk) => Buffer.from(chunk)));

const read = async (text: string): Promise<{ report: OpenedReport; records: (StreamRecord | PlaylistRecord | ChartRecord)[] }> => {
  const report = await openReport(streamOf(text), 'csv');
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

describe('CSV reports loaded into the streaming family', () => {
  it('hands over each layout’s records, the store left to the lines, no period, nothing skipped or ignored', async () => {
    const streams = await read(csvStreams([{ date: '2026-11-01', store: 'Spotify', territory: 'gb', isrc: 'gb-abc-26-00001', streams: 100, streams_premium: 40 }]));
    expect(streams.report).toMatchObject({ format: 'csv', kind: 'streams', store: null, period: null, messageId: null });
    expect(streams.records).toEqual([expect.objectContaining({ line: 2, store: 'Spotify', territory: 'GB', isrc: 'GBABC2600001', counts: expect.objectContaining({ streams: 100, streams_premium: 40 }) })]);
    expect([streams.report.skipped(), streams.report.ignoredRecords()]).toEqual([0, {}]);

    const playlists = await read(csvFile(PLAYLIST_COLUMNS, [{ date: '2026-11-03', store: 'Spotify', playlist: 'Morning Mix', isrc: 'GBABC2600001', streams: 30 }]));
    expect([playlists.report.kind, playlists.records]).toEqual(['playlists', [expect.objectContaining({ playlist: 'Morning Mix', streams: 30 })]]);
    const charts = await read(csvFile(CHART_COLUMNS, [{ date: '2026-11-04', chart: 'Top 50', territory: 'GB', position: 3, title: 'Dawn' }]));
    expect([charts.report.kind, charts.records]).toEqual(['charts', [expect.objectContaining({ chart: 'Top 50', position: 3 })]]);
  });

  it('refuses a file naming the line and the column by its name, or by its position where the line cannot be read', async () => {
    expect((await refusal('date,isrc,streams\n')).message).toBe('The report file is malformed: line 1, column territory: is required by the streams layout (missing: territory)');
    expect((await refusal('date,territory,streams\n')).column).toBe('isrc or upc');
    expect((await refusal('')).column).toBe('header');
    const bad = await refusal('date,territory,isrc,streams\n2026-11-01,GB,GBABC2600001,1\n2026-11-01,GB,GBABC2600001,-1\n');
    expect(bad.message).toBe('The report file is malformed: line 3, column streams: must be a whole number of zero or more (got "-1")');
    const unreadable = await refusal('date,territory,isrc,streams\n2026-11-01,"GB,GBABC2600001,1\n');
    expect(unreadable.message).toMatch(/^The report file is malformed: line \d+, column \d+: cannot be read/);
  });
});
