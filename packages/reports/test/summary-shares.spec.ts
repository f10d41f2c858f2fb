import fc from 'fast-check';
import { addDecimals, decimalToMicros, formatMicros, normaliseDecimal, openDsrReport, ReportFileError, SummaryRevenueShares, type DsrSummary, type UsageRow } from '../src/index.ts';
import { fixture, readDsr, streamOf } from './support/read-dsr.ts';

const summaryOf = (netRevenue: string, usages: number): DsrSummary => ({
  id: 'S1',
  line: 2,
  recordType: 'SY02.02',
  commercialModel: 'SubscriptionModel',
  useType: 'OnDemandStream',
  territory: 'GB',
  usages,
  currency: 'GBP',
  netRevenue,
  period: null,
});

const rowOf = (usages: number, line: number): UsageRow => ({
  line,
  recordType: 'SU02',
  blockId: 'B1',
  salesTransactionId: `T${line}`,
  summaryRecordId: 'S1',
  isrc: 'GBABC2600001',
  icpn: null,
  dspResourceId: null,
  dspReleaseId: null,
  title: 'Dawn',
  displayArtist: 'Nova',
  territory: 'GB',
  commercialModel: 'SubscriptionModel',
  useType: 'OnDemandStream',
  usageKind: 'stream',
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  usages,
  returns: 0,
  currency: 'GBP',
  netRevenue: null,
  amountPayable: null,
  consumerPrice: null,
  revenueShare: null,
  userReleases: [],
});

/** Every row's share of one summary, the rows holding every usage it states. */
const sharesOf = (netRevenue: string, usages: number[]): string[] => {
  const shares = new SummaryRevenueShares();
  const summary = summaryOf(netRevenue, usages.reduce((sum, count) => sum + count, 0));
  return usages.map((count, index) => shares.shareOf(rowOf(count, index + 10), summary)!);
};

const readShared = async (text: string, shares = new SummaryRevenueShares()) => {
  const report = await openDsrReport(streamOf(text), { revenueShares: shares });
  const rows: UsageRow[] = [];
  for await (const row of report.rows) rows.push(row);
  return rows;
};

describe('sharing a summary’s NetRevenue over its usage rows', () => {
  it('gives each Basic Audio usage its part of its summary, pro rata by usages, the parts summing to the NetRevenue', async () => {
    const rows = await readShared(fixture('basic-audio.tsv'));
    // S1 4.95 over 3 + 2 downloads; S2 0.39 over 40 + 25 streams; S3 0.054 over 7 + 11 streams.
    expect(rows.map((row) => [row.salesTransactionId, row.summaryRecordId, row.revenueShare])).toEqual([
      ['T1', 'S1', '2.97'],
      ['T2', 'S1', '1.98'],
      ['T3', 'S2', '0.24'],
      ['T4', 'S2', '0.15'],
      ['T5', 'S3', '0.021'],
      ['T6', 'S3', '0.033'],
    ]);
  });

  it('shares nothing unless asked, and nothing to rows that carry their own revenue', async () => {
    expect((await readDsr(fixture('basic-audio.tsv'))).rows.every((row) => row.revenueShare === null)).toBe(true);
    const ugc = await readShared(fixture('ugc.tsv'));
    expect(ugc.map((row) => row.revenueShare)).toEqual([null, null, null, null]);
  });

  it('carries the count over the files of one report, so their rows together come to the NetRevenue', async () => {
    const shares = new SummaryRevenueShares();
    const first = await readShared(fixture('two-files-1of2.tsv'), shares);
    const second = await readShared(fixture('two-files-2of2.tsv'), shares);
    // S1 0.45 over 60 streams in the first file and 30 in the second: 0.45 × 60 / 90, then the rest.
    expect([...first, ...second].map((row) => row.revenueShare)).toEqual(['0.3', '0.15']);
    expect(shares.totals()).toEqual([{ summaryRecordId: 'S1', statedUsages: 90, rowUsages: 90, netRevenue: '0.45', shared: '0.45' }]);
  });

  it('rounds cumulatively: a cent over three equal rows is 0.003333, 0.003333, 0.003334', () => {
    expect(sharesOf('0.01', [1, 1, 1])).toEqual(['0.003333', '0.003333', '0.003334']);
    expect(addDecimals(...sharesOf('1000000.000001', [7, 3, 11, 1, 13]))).toBe('1000000.000001');
    expect(addDecimals(...sharesOf('-2.5', [1, 2]))).toBe('-2.5');
  });

  it('sums exactly to the NetRevenue for any amount and any usages, each row within a micro-unit of its exact part', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 40 }),
        (micros, usages) => {
          const netRevenue = normaliseDecimal(formatMicros(micros));
          const total = BigInt(usages.reduce((sum, count) => sum + count, 0));
          const shares = sharesOf(netRevenue, usages).map((share) => decimalToMicros(share)!);
          expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(total === 0n ? 0n : micros);
          shares.forEach((share, index) => {
            const exact = total === 0n ? 0n : micros * BigInt(usages[index]!);
            // |share × T − N × usages| < T: the share is within one micro-unit of N × usages / T.
            const off = share * total - exact;
            expect(off < 0n ? -off : off).toBeLessThanOrEqual(total === 0n ? 0n : total - 1n);
          });
        },
      ),
    );
  });

  it('gives each row floor(N × C / T) − floor(N × P / T) exactly, whether the figures fit in a number or need a bigint', () => {
    const floorOf = (dividend: bigint, divisor: bigint): bigint => (dividend % divisor !== 0n && dividend < 0n ? dividend / divisor - 1n : dividend / divisor);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.array(fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 1_000_000_000 })), { minLength: 1, maxLength: 20 }),
        (micros, usages) => {
          const total = BigInt(usages.reduce((sum, count) => sum + count, 0));
          let before = 0n;
          const expected = usages.map((count) => {
            const after = before + BigInt(count);
            const share = total === 0n ? 0n : floorOf(micros * after, total) - floorOf(micros * before, total);
            before = after;
            return normaliseDecimal(formatMicros(share));
          });
          expect(sharesOf(normaliseDecimal(formatMicros(micros)), usages)).toEqual(expected);
        },
      ),
    );
  });

  it('refuses a row that takes its summary past the usages it states, and a NetRevenue finer than a micro-unit', async () => {
    const refusalOf = (text: string) =>
      readShared(text).then(
        () => undefined,
        (error: unknown) => error,
      );
    // S2 states 60 streams; its second row (T4, line 14) brings its rows to 40 + 25.
    const over = await refusalOf(fixture('basic-audio.tsv').replace('Premium\t65\t', 'Premium\t60\t'));
    expect(over).toBeInstanceOf(ReportFileError);
    expect((over as ReportFileError).message).toBe('line 14: brings the usages of summary record "S2" to 65, more than the 60 it states: its NetRevenue cannot be shared out');
    const fine = await refusalOf(fixture('basic-audio.tsv').replace('\t0.054\t', '\t0.0540001\t'));
    expect((fine as ReportFileError).message).toBe('line 5, column NetRevenue: has more than 6 decimals (0.0540001): it cannot be shared out in micro-units');
  });
});
