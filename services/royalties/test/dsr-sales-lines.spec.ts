import { Messages } from '@sv/contracts';
import type { UsageRow } from '@sv/reports';
import { salesLineOfUsage } from '../src/app/finance/dsr-sales-lines.ts';

const usage = (overrides: Partial<UsageRow>): UsageRow => ({
  line: 12,
  recordType: 'SU02',
  blockId: 'B1',
  salesTransactionId: 'T1',
  summaryRecordId: 'S1',
  isrc: 'GBABC2600001',
  icpn: '0602445790011',
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
  usages: 40,
  returns: 0,
  currency: 'GBP',
  netRevenue: null,
  amountPayable: null,
  consumerPrice: null,
  revenueShare: null,
  userReleases: [],
  ...overrides,
});

const faultOf = (row: UsageRow) => {
  const read = salesLineOfUsage(row, 'Streamhouse');
  return read.checked.ok ? undefined : read.checked.faults;
};

describe('a DSR usage as a sales line', () => {
  it('is its recording’s line, sold by the sender, worth its share of the summary’s NetRevenue when it has none of its own', () => {
    expect(salesLineOfUsage(usage({ revenueShare: '0.24', consumerPrice: '9.99' }), 'Streamhouse')).toEqual({
      row: 12,
      currency: 'GBP',
      checked: {
        ok: true,
        line: { isrc: 'GBABC2600001', upc: '0602445790011', territory: 'GB', store: 'Streamhouse', units: 40, amountMicros: 240_000n },
      },
    });
  });

  it('takes the record’s own NetRevenue, not the licensors’ amounts payable, and keeps a usage naming no code', () => {
    const read = salesLineOfUsage(usage({ recordType: 'SU03.01', isrc: null, icpn: null, netRevenue: '4.42', amountPayable: '3.094' }), 'Videohost');
    expect(read.checked).toEqual({ ok: true, line: expect.objectContaining({ isrc: null, upc: null, amountMicros: 4_420_000n }) });
  });

  it('refuses a usage without revenue, with more than six decimals, or below zero, at its line and record type', () => {
    expect(faultOf(usage({ consumerPrice: '2.97' }))).toEqual([{ key: 'line 12, SU02', message: Messages.salesReportNoRevenue }]);
    expect(faultOf(usage({ netRevenue: '0.0000001' }))).toEqual([{ key: 'line 12, SU02', message: Messages.salesReportRevenueDecimals }]);
    expect(faultOf(usage({ netRevenue: '-0.5' }))).toEqual([{ key: 'line 12, SU02', message: Messages.salesReportNegativeRevenue }]);
    expect(faultOf(usage({ netRevenue: '1000000000000' }))?.[0]?.message).toBe(Messages.salesReportRevenueTooLarge('999999999999.999999'));
  });
});
