import { addDecimals, type UsageRow } from '../src/index.ts';
import { fixture, readDsr, sumOf } from './support/read-dsr.ts';

const moneyOf = (rows: UsageRow[], isrc: string, currency: string, pick: (row: UsageRow) => string | null): string =>
  addDecimals('0', ...rows.filter((row) => row.isrc === isrc && row.currency === currency && pick(row) !== null).map((row) => pick(row)!));

describe('a UGC profile file', () => {
  const read = () => readDsr(fixture('ugc.tsv'));

  it('yields one row per SU03 usage record, each with the usages of its recording', async () => {
    const { report, rows } = await read();
    expect(report.profile.id).toBe('UGCProfile');
    // Block 1: U1 + U2 (summary 1, US) + U3 (summary 2, DE).
    expect(sumOf(rows, 'USRC12600001', (row) => row.usages)).toBe(1545 + 2210 + 100);
    // Block 2: U4.
    expect(sumOf(rows, 'USRC12600002', (row) => row.usages)).toBe(709);
    expect(rows.map((row) => [row.salesTransactionId, row.territory, row.useType, row.usageKind, row.title, row.displayArtist])).toEqual([
      ['U1', 'US', 'Stream', 'stream', 'Night Drive', 'Lumen'],
      ['U2', 'US', 'Stream', 'stream', 'Night Drive', 'Lumen'],
      ['U3', 'DE', 'Stream', 'stream', 'Night Drive', 'Lumen'],
      ['U4', 'US', 'Stream', 'stream', 'Ocean Road', 'Lumen'],
    ]);
  });

  it('reads each usage over its own period (compact dates), else the file’s', async () => {
    const { rows } = await read();
    expect(rows.map((row) => [row.periodStart, row.periodEnd])).toEqual([
      ['2026-07-01', '2026-07-31'],
      ['2026-08-01', '2026-09-30'],
      ['2026-07-01', '2026-09-30'],
      ['2026-07-01', '2026-09-30'],
    ]);
  });

  it('keeps net revenue exact in the currency of each usage’s summary, and sums the LI01 amounts due', async () => {
    const { rows } = await read();
    // U1 3.090000 + U2 4.42, in USD (summary 1).
    expect(moneyOf(rows, 'USRC12600001', 'USD', (row) => row.netRevenue)).toBe('7.51');
    // U3 0.55, in EUR (summary 2).
    expect(moneyOf(rows, 'USRC12600001', 'EUR', (row) => row.netRevenue)).toBe('0.55');
    // LI01 after U1: 2.163; after U2: 1.547 + 1.547.
    expect(moneyOf(rows, 'USRC12600001', 'USD', (row) => row.amountPayable)).toBe('5.257');
    expect(moneyOf(rows, 'USRC12600002', 'USD', (row) => row.netRevenue)).toBe('1.418');
    expect(moneyOf(rows, 'USRC12600002', 'USD', (row) => row.amountPayable)).toBe('0.9926');
    // U3 has no LI01 after it.
    expect(rows.find((row) => row.salesTransactionId === 'U3')!.amountPayable).toBeNull();
  });

  it('reads RU01 multi-value cells value for value, an escaped pipe staying in its id, each list once', async () => {
    const { rows } = await read();
    const userUsages = (isrc: string) => sumOf(rows, isrc, (row) => row.userReleases.reduce((sum, release) => sum + release.usages, 0));
    // Block 1, summary 1: 1200 + 300 + 45; summary 2: 80 + 20.
    expect(userUsages('USRC12600001')).toBe(1200 + 300 + 45 + 80 + 20);
    // Block 2: 700 + 9.
    expect(userUsages('USRC12600002')).toBe(700 + 9);
    expect(rows.find((row) => row.salesTransactionId === 'U3')!.userReleases.map((release) => release.dspReleaseId)).toEqual(['vidD', 'vid|E']);
    expect(rows.find((row) => row.salesTransactionId === 'U2')!.userReleases).toEqual([]);
  });

  it('counts the record types it does not use and checks the footer', async () => {
    const { facts } = await read();
    expect(facts.ignoredRecords).toEqual({ 'MW01.01': 1 });
    expect(facts).toMatchObject({ lines: 23, blocks: 2, rows: 4, footer: { linesInReport: 23, blocksInReport: 2 } });
  });
});
