import { Readable } from 'node:stream';
import { detectFormat, openReport } from '../src/app/streaming/report-intake.ts';
import type { OpenedReport, StreamRecord } from '../src/app/streaming/report-records.ts';
import { MalformedReportError } from '../src/app/streaming/streaming.errors.ts';
import { dsrFile, type DsrOptions } from './support/report-fixtures.ts';

/*
 * DSR flat files as the streaming family loads them: the shared intake's usage rows as day-level
 * stream records, and its refusals as the family's own error, saying where.
 */

/** Feeds the text in small chunks, as a stream from disk or the blob store would. */
const streamOf = (text: string): Readable => Readable.from((text.match(/[\s\S]{1,9}/g) ?? []).map((chunk) => Buffer.from(chunk)));

const read = async (text: string): Promise<{ report: OpenedReport; records: StreamRecord[] }> => {
  const report = await openReport(streamOf(text), 'dsr');
  const records: StreamRecord[] = [];
  for await (const record of report.records as AsyncIterable<StreamRecord>) records.push(record);
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

const options: DsrOptions = {
  sender: 'StreamCo',
  messageId: 'MSG-2026-11-20',
  start: '2026-11-20',
  end: '2026-11-20',
  blocks: [
    {
      release: { icpn: '0123456789012', title: 'First Light', artist: 'Nova' },
      resources: [
        {
          isrc: 'gbabc2600001',
          title: 'Dawn',
          artist: 'Nova',
          usages: [
            { territory: 'GB', model: 'SubscriptionModel', useType: 'OnDemandStream', count: 40 },
            { territory: 'GB', model: 'AdvertisementSupportedModel', useType: 'OnDemandStream', count: 15 },
            { territory: 'us', model: 'PayAsYouGoModel', useType: 'PermanentDownload', count: 3 },
            { territory: 'US', model: 'PayAsYouGoModel', useType: 'UseAsRingtone', count: 9 },
          ],
        },
      ],
      releaseUsages: [{ territory: 'DE', model: 'AdvertisementSupportedModel', useType: 'OnDemandStream', count: 7 }],
    },
  ],
};

/** A UGC file: one recording with two usage records over periods of their own, and a musical work the family does not read. */
const UGC = [
  'HEAD\tdsrf/30\tUGCProfile\t1.1\tMSG-UGC-1\t2026-10-10T12:00:00Z\t1\t1\t2026-07-01\t2026-09-30\tPADPIDA2026VIDEOX\tVideohost',
  'SY02.01\t1\t\t\tAdvertisementSupportedModel\tStream\tUS\tAdSupport\t500000\t\tUSD\t1250.40',
  'AS01\t1\tA1\tVIDRES1\tUSRC12600001\tNight Drive\t\tLumen\t\tPT3M30S\tSoundRecording',
  'MW01.01\t1\tW1\t\tNIGHT DRIVE\t\tL. Writer',
  'SU03.01\t1\tU1\t1\tVIDRES1\t1545\t3.09\t20260701\t20260731',
  'SU03.01\t1\tU2\t1\tVIDRES1\t2210\t4.42\t20260801\t20260930',
  'FOOT\t7\t7\t1\t1\t1',
].join('\n');

describe('DSR flat files loaded into the streaming family', () => {
  it('takes the header: the sender as the store, the usage period, the message id', async () => {
    const { report } = await read(dsrFile(options));
    expect(report).toMatchObject({ format: 'dsr', kind: 'streams', store: 'StreamCo', period: { first: '2026-11-20', last: '2026-11-20' }, messageId: 'MSG-2026-11-20' });
  });

  it('turns usages into day-level rows: tiers by commercial model, downloads by use type, the block release ICPN as UPC', async () => {
    const { report, records } = await read(dsrFile(options));
    expect(records.map((record) => [record.territory, record.isrc, record.upc, record.title, record.artistName, record.counts.streams, record.counts.streams_premium, record.counts.streams_standard, record.counts.downloads])).toEqual([
      ['GB', 'GBABC2600001', '0123456789012', 'Dawn', 'Nova', 40, 40, 0, 0],
      ['GB', 'GBABC2600001', '0123456789012', 'Dawn', 'Nova', 15, 0, 15, 0],
      ['US', 'GBABC2600001', '0123456789012', 'Dawn', 'Nova', 0, 0, 0, 3],
      ['DE', null, '0123456789012', 'First Light', 'Nova', 7, 0, 7, 0],
    ]);
    expect(records.every((record) => record.day === '2026-11-20' && record.store === null)).toBe(true);
    // The ringtone usage is neither a stream nor a download.
    expect(report.skipped()).toBe(1);
    expect(report.ignoredRecords()).toEqual({});
  });

  it('records a longer period on its first day', async () => {
    const { records } = await read(dsrFile({ ...options, start: '2026-11-01', end: '2026-11-30' }));
    expect(new Set(records.map((record) => record.day))).toEqual(new Set(['2026-11-01']));
  });

  it('reads past comment lines, blank lines and record types it does not use (counting those), a compact date and escaped cells', async () => {
    const text = dsrFile(options)
      .replace('\t2026-11-20\t2026-11-20\t', '\t20261120\t20261120\t')
      .replace('Dawn', 'Dawn \\| Dusk')
      // Two lines more before the footer, which counts every line.
      .replace(/^FOOT\t(\d+)\t(\d+)\t/m, (_, inFile: string, inReport: string) => `MW01.01\tB1\tW1\t\tDAWN\n\nFOOT\t${Number(inFile) + 2}\t${Number(inReport) + 2}\t`);
    const { report, records } = await read(text);
    expect(report.period).toEqual({ first: '2026-11-20', last: '2026-11-20' });
    expect(records[0]!.title).toBe('Dawn | Dusk');
    expect(records).toHaveLength(4);
    expect(report.ignoredRecords()).toEqual({ 'MW01.01': 1 });
  });

  it('reads a UGC file: each usage on the first day of its own period, in the tier of its summary', async () => {
    const { report, records } = await read(UGC);
    expect(records.map((record) => [record.day, record.isrc, record.territory, record.counts.streams, record.counts.streams_standard])).toEqual([
      ['2026-07-01', 'USRC12600001', 'US', 1545, 1545],
      ['2026-08-01', 'USRC12600001', 'US', 2210, 2210],
    ]);
    expect(report).toMatchObject({ store: 'Videohost', period: { first: '2026-07-01', last: '2026-09-30' } });
    expect(report.ignoredRecords()).toEqual({ 'MW01.01': 1 });
  });

  it('tells a DSR from a CSV by its first record', async () => {
    expect(await detectFormat(streamOf(`\uFEFF# a comment\n${dsrFile(options)}`))).toBe('dsr');
    expect(await detectFormat(streamOf('date,territory,streams,isrc\n'))).toBe('csv');
  });

  it('refuses a file that does not start with HEAD, or is cut short (no FOOT), naming the line and the record type column', async () => {
    const error = await refusal('SY02.02\tS1\n');
    expect(error.message).toBe('The report file is malformed: line 1, column RecordType: a DSR flat file starts with its HEAD record');
    const text = dsrFile({ ...options, withoutFooter: true });
    const cut = await refusal(text);
    expect([cut.line, cut.column]).toEqual([text.trimEnd().split('\n').length + 1, 'RecordType']);
  });

  it('names a bad cell by its name in the layout', async () => {
    const text = dsrFile(options).replace(/(SU02\.02[^\n]*\t)40\n/, '$1forty\n');
    const error = await refusal(text);
    const line = text.split('\n').findIndex((row) => row.endsWith('\tforty')) + 1;
    expect(error.message).toBe(`The report file is malformed: line ${line}, column NumberOfStreams: must be a whole number of zero or more (got "forty")`);
    expect((await refusal(dsrFile(options).replace('\tGB\tMusic', '\tXX\tMusic'))).column).toBe('Territory');
    expect((await refusal(dsrFile(options).replace('gbabc2600001', 'NOT-AN-ISRC'))).column).toBe('ISRC');
    expect((await refusal(dsrFile(options).replace(/(SU02\.02\tB1\t)S1/, '$1S99'))).column).toBe('SummaryRecordId');
    expect((await refusal(dsrFile(options).replace(/(SU02\.02\tB1\tS\d\tT\d\t\t)A1/, '$1A9'))).column).toBe('TransactedResource');
    const reversed = await refusal(dsrFile({ ...options, start: '2026-11-21', end: '2026-11-20' }));
    expect([reversed.line, reversed.column]).toEqual([1, 'UsageEndDate']);
  });

  it('names a cell the layout gives no name by its position', async () => {
    const text = dsrFile(options).replace('First Light', 'First\u0000Light');
    const error = await refusal(text);
    const line = text.split('\n').findIndex((row) => row.startsWith('RE01')) + 1;
    expect(error.message).toBe(`The report file is malformed: line ${line}, column 10: contains a NUL character`);
  });

  it('refuses a profile it does not read, naming it and the record types the file holds', async () => {
    const radio = 'HEAD\tdsrf/1.1.2/1.6/1.0\tRadioBroadcastProfile\t1.0\tMSG-RADIO-1\t2026-12-01T00:00:00Z\t1\t1\t2026-11-01\t2026-11-30\tPADPIDA2026RADIOX\tRadiohouse\nBR01\tB1\tGBABC2600001\t12\nFOOT\t3\t3\t0\t1\t1\n';
    const error = await refusal(radio);
    expect([error.line, error.column]).toEqual([1, 'Profile']);
    expect(error.message).toMatch(/^The report file is malformed: line 1, column Profile: the profile "RadioBroadcastProfile" version "1.0" is not one this reader knows \(.*\); the file holds HEAD 1, BR01 1, FOOT 1$/);
  });

  it('refuses a file whose usage records yield no row as a whole, without a line', async () => {
    // Every usage record of this Basic Audio file is an audio-visual SU04, which the profile is not read through.
    const text = dsrFile(options).replace(/^SU0[12]\.02\t/gm, 'SU04.01\t');
    const error = await refusal(text);
    expect([error.line, error.column]).toEqual([null, null]);
    expect(error.message).toMatch(/^The report file is malformed: the BasicAudioProfile 1\.2 file yields no usage rows: it holds HEAD 1, SY02\.02 \d+, RE01 1, AS02\.02 1, SU04\.01 5, FOOT 1, and its usages are read from SU01, SU02 records$/);
  });
});
