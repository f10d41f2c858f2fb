import { openCsvReport, ReportFileError, type ChartRecord, type OpenedCsvReport, type PlaylistRecord, type StreamRecord } from '../src/index.ts';
import { streamOf } from './support/read-dsr.ts';

type AnyRecord = StreamRecord | PlaylistRecord | ChartRecord;

const read = async (text: string): Promise<{ report: OpenedCsvReport; records: AnyRecord[] }> => {
  const report = await openCsvReport(streamOf(text));
  const records: AnyRecord[] = [];
  for await (const record of report.records as AsyncIterable<AnyRecord>) records.push(record);
  return { report, records };
};

const refusalOf = async (text: string): Promise<ReportFileError> => {
  const outcome = await read(text).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ReportFileError)) throw new Error(`expected a report file refusal, got ${String(outcome)}`);
  return outcome;
};

const STREAMS_HEADER =
  'date,store,territory,isrc,upc,title,artist,streams,downloads,streams_standard,streams_premium,streams_organic,streams_curated,streams_desktop,streams_mobile,played_30s,played_60s,played_90s';

describe('the platform’s streams CSV layout', () => {
  it('reads one record per line with every split, codes normalised, blank lines keeping their numbers', async () => {
    const text = `\uFEFF${STREAMS_HEADER}\n\n2026-11-01,Spotify,gb,gb-abc-26-00001,,Dawn,Nova,100,2,60,40,70,30,20,80,90,80,50\n`;
    const { report, records } = await read(text);
    expect(report).toMatchObject({ format: 'csv', kind: 'streams' });
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

  it('takes the columns in any order and case, the splits optional (zero), a UPC instead of an ISRC, and WW for the world', async () => {
    const { records } = await read('Streams,ISRC,Territory,Date\n5,GBABC2600001,US,2026-11-02\n');
    expect(records).toEqual([expect.objectContaining({ day: '2026-11-02', territory: 'US', store: null, counts: expect.objectContaining({ streams: 5, streams_premium: 0 }) })]);
    const byUpc = await read('date,territory,upc,streams\n2026-11-02,WW,012345678905,8\n');
    expect(byUpc.records).toEqual([expect.objectContaining({ territory: 'WW', isrc: null, upc: '012345678905' })]);
  });

  it('refuses a header without its required columns, with an unknown column, or without a code column', async () => {
    expect((await refusalOf('date,isrc,streams\n')).message).toBe('line 1, column territory: is required by the streams layout (missing: territory)');
    const unknown = await refusalOf('date,territory,isrc,streams,strams_premium\n');
    expect([unknown.line, unknown.field]).toEqual([1, 'strams_premium']);
    expect((await refusalOf('date,territory,streams\n')).field).toBe('isrc or upc');
    expect((await refusalOf('')).field).toBe('header');
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
    for (const [line, field] of cases) {
      const error = await refusalOf(`${header}2026-11-01,GB,GBABC2600001,,1,,,,\n${line}\n`);
      expect([error.line, error.field]).toEqual([3, field]);
    }
  });

  it('refuses a line that cannot be parsed (an unclosed quote), naming the cell by position', async () => {
    const error = await refusalOf('date,territory,isrc,streams\n2026-11-01,"GB,GBABC2600001,1\n');
    expect(error.message).toMatch(/^line \d+, column \d+: cannot be read/);
  });
});

describe('the platform’s playlists and charts CSV layouts', () => {
  it('tells a playlists report by its playlist column', async () => {
    const text =
      'date,store,playlist,playlist_followers,isrc,title,artist,streams,streams_standard,streams_premium\n' +
      '2026-11-03,Spotify,Morning Mix,1200,GBABC2600001,Dawn,Nova,30,10,20\n' +
      '2026-11-03,Spotify,Late Night,,GBABC2600002,Dusk,Nova,5,,\n';
    const { report, records } = await read(text);
    expect(report.kind).toBe('playlists');
    expect(records).toEqual([
      expect.objectContaining({ line: 2, playlist: 'Morning Mix', playlistFollowers: 1200, streams: 30, streamsStandard: 10, streamsPremium: 20 }),
      expect.objectContaining({ line: 3, playlist: 'Late Night', playlistFollowers: null, streams: 5, streamsStandard: 0, streamsPremium: 0 }),
    ]);
  });

  it('tells a charts report by its chart column; previous is optional; a position below 1 is refused', async () => {
    const header = 'date,store,chart,genre,territory,position,previous,isrc,title,artist\n';
    const text = `${header}2026-11-04,Spotify,Top 50,Pop,GB,3,7,GBABC2600001,Dawn,Nova\n2026-11-04,Spotify,Viral 50,,GB,12,,,Dusk,Nova\n`;
    const { report, records } = await read(text);
    expect(report.kind).toBe('charts');
    expect(records).toEqual([
      expect.objectContaining({ chart: 'Top 50', genre: 'Pop', position: 3, previous: 7, isrc: 'GBABC2600001' }),
      expect.objectContaining({ chart: 'Viral 50', genre: null, position: 12, previous: null, isrc: null, title: 'Dusk' }),
    ]);
    const error = await refusalOf(`${header}2026-11-04,,Top 50,,GB,0,,,Dawn,\n`);
    expect([error.line, error.field]).toEqual([2, 'position']);
  });
});
