import { Readable } from 'node:stream';
import { openDsrReport } from '../src/app/streaming/dsr-file.ts';
import { detectFormat } from '../src/app/streaming/report-format.ts';
import type { StreamRecord } from '../src/app/streaming/report-records.ts';
import { MalformedReportError } from '../src/app/streaming/streaming.errors.ts';
import { dsrFile, type DsrOptions } from './support/report-fixtures.ts';

/** Feeds the text in small chunks, as a stream from disk or the blob store would. */
const streamOf = (text: string): Readable => Readable.from((text.match(/[\s\S]{1,9}/g) ?? []).map((chunk) => Buffer.from(chunk)));

const read = async (text: string) => {
  const report = await openDsrReport(streamOf(text));
  const records: StreamRecord[] = [];
  for await (const record of report.records) records.push(record);
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

describe('DSR flat files', () => {
  it('reads the header: the sender as the store, the usage period, the message id', async () => {
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
  });

  it('records a longer period on its first day', async () => {
    const { records } = await read(dsrFile({ ...options, start: '2026-11-01', end: '2026-11-30' }));
    expect(new Set(records.map((record) => record.day))).toEqual(new Set(['2026-11-01']));
  });

  it('ignores # comment lines, blank lines and record types outside the subset, and reads a compact date and escaped cells', async () => {
    const text = dsrFile(options)
      .replace('\t2026-11-20\t2026-11-20\t', '\t20261120\t20261120\t')
      .replace('Dawn', 'Dawn \\| Dusk')
      .replace('FOOT', 'MW01.01\tB1\tW1\t\tDAWN\n\nFOOT');
    const { report, records } = await read(text);
    expect(report.period).toEqual({ first: '2026-11-20', last: '2026-11-20' });
    expect(records[0]!.title).toBe('Dawn | Dusk');
    expect(records).toHaveLength(4);
  });

  it('tells a DSR from a CSV by its first record', async () => {
    expect(await detectFormat(streamOf(`\uFEFF# a comment\n${dsrFile(options)}`))).toBe('dsr');
    expect(await detectFormat(streamOf('date,territory,streams,isrc\n'))).toBe('csv');
  });

  it('refuses a file that does not start with HEAD', async () => {
    const error = await refusal('SY02.02\tS1\n');
    expect(error.message).toBe('The report file is malformed: line 1, column RecordType: a DSR flat file starts with its HEAD record');
  });

  it('refuses a file cut short (no FOOT), naming the line after the last', async () => {
    const text = dsrFile({ ...options, withoutFooter: true });
    const error = await refusal(text);
    expect(error.line).toBe(text.trimEnd().split('\n').length + 1);
    expect(error.column).toBe('RecordType');
  });

  it('refuses a usage count that is not a whole number, naming its line and column', async () => {
    const text = dsrFile(options).replace(/(SU02\.02[^\n]*\t)40\n/, '$1forty\n');
    const error = await refusal(text);
    const line = text.split('\n').findIndex((row) => row.endsWith('\tforty')) + 1;
    expect(error.message).toBe(`The report file is malformed: line ${line}, column NumberOfStreams: must be a whole number of zero or more (got "forty")`);
  });

  it('refuses a bad territory, a bad ISRC, an unknown summary and a dangling resource reference', async () => {
    expect((await refusal(dsrFile(options).replace('\tGB\tMusic', '\tXX\tMusic'))).column).toBe('Territory');
    expect((await refusal(dsrFile(options).replace('gbabc2600001', 'NOT-AN-ISRC'))).column).toBe('ISRC');
    expect((await refusal(dsrFile(options).replace(/(SU02\.02\tB1\t)S1/, '$1S99'))).column).toBe('SummaryRecordId');
    expect((await refusal(dsrFile(options).replace(/(SU02\.02\tB1\tS\d\tT\d\t\t)A1/, '$1A9'))).column).toBe('TransactedResource');
  });

  it('refuses a period that ends before it starts', async () => {
    const error = await refusal(dsrFile({ ...options, start: '2026-11-21', end: '2026-11-20' }));
    expect([error.line, error.column]).toEqual([1, 'UsageEndDate']);
  });
});
