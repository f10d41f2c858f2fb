import { addDecimals } from '../src/index.ts';
import { fixture, readDsr, sumOf } from './support/read-dsr.ts';

describe('a Financial Reporting to Record Companies file (single-record blocks)', () => {
  it('reads each SR08 sale with the record company’s net revenue in its currency of accounting', async () => {
    const { report, rows, facts } = await readDsr(fixture('financial-record-companies.tsv'));
    expect(report.profile.id).toBe('FinancialReportingToRecordCompaniesProfileSRB');
    // X1 (streams, F1) + X3 (downloads, F2).
    expect(sumOf(rows, 'GBABC2600001', (row) => row.usages)).toBe(700 + 4);
    expect(sumOf(rows, 'GBABC2600001', (row) => row.returns)).toBe(1);
    expect(sumOf(rows, 'GBABC2600002', (row) => row.usages)).toBe(300);
    const revenue = (isrc: string) => addDecimals(...rows.filter((row) => row.isrc === isrc).map((row) => row.netRevenue!));
    // X1 1.6808 + X3 1.77.
    expect(revenue('GBABC2600001')).toBe('3.4508');
    expect(revenue('GBABC2600002')).toBe('0.7204');
    expect(rows.map((row) => [row.territory, row.currency, row.usageKind, row.periodStart, row.periodEnd, row.icpn])).toEqual([
      ['SE', 'EUR', 'stream', '2026-11-01', '2026-11-30', '0602445790011'],
      ['SE', 'EUR', 'stream', '2026-11-01', '2026-11-30', '0602445790011'],
      ['SE', 'EUR', 'download', '2026-11-01', '2026-11-30', '0602445790011'],
    ]);
    expect(facts.ignoredRecords).toEqual({ DE01: 1 });
    expect(facts.blocks).toBe(0);
  });
});
