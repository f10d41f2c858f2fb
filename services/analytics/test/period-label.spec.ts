import { AnalyticsIngestBody, PERIOD_LABEL_MESSAGE, SNAPSHOT_REVENUE_MESSAGE } from '@sv/contracts';
import { parseFields } from '@sv/platform';
import { isoWeeksInYear, parsePeriodLabel } from '../src/app/reporting/period-label.ts';

/*
 * Period labels of ingested snapshots (a day, an ISO week, a month or a quarter) as the first and
 * last day they cover; and the ingest body's refusal of labels and fields it does not take.
 */

describe('parsePeriodLabel', () => {
  it.each([
    ['2026-03-15', '2026-03-15', '2026-03-15'],
    ['2024-02-29', '2024-02-29', '2024-02-29'],
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2024-02', '2024-02-01', '2024-02-29'],
    ['2026-12', '2026-12-01', '2026-12-31'],
    ['2026-Q1', '2026-01-01', '2026-03-31'],
    ['2026-Q2', '2026-04-01', '2026-06-30'],
    ['2026-Q4', '2026-10-01', '2026-12-31'],
    ['2026-q3', '2026-07-01', '2026-09-30'],
    // ISO weeks run Monday to Sunday; week 1 holds the year's first Thursday.
    ['2026-W01', '2025-12-29', '2026-01-04'],
    ['2026-W07', '2026-02-09', '2026-02-15'],
    ['2026-W53', '2026-12-28', '2027-01-03'],
    ['2021-W01', '2021-01-04', '2021-01-10'],
    ['2020-W53', '2020-12-28', '2021-01-03'],
    ['2027-w52', '2027-12-27', '2028-01-02'],
  ])('reads %s as %s to %s', (label, start, end) => {
    expect(parsePeriodLabel(label)).toEqual({ start, end });
  });

  it.each(['2026-02-30', '2025-02-29', '2026-13', '2026-00', '2026-Q5', '2026-Q0', '2026-W00', '2025-W53', '2026-W54', '2026', '26-01', '2026-1', 'last month', ''])(
    'refuses %j',
    (label) => {
      expect(parsePeriodLabel(label)).toBeNull();
    },
  );

  it('counts 53 ISO weeks only in years starting on a Thursday (or leap years starting on a Wednesday)', () => {
    expect([2015, 2020, 2026, 2032].map(isoWeeksInYear)).toEqual([53, 53, 53, 53]);
    expect([2021, 2024, 2025, 2027].map(isoWeeksInYear)).toEqual([52, 52, 52, 52]);
  });
});

describe('the ingest body', () => {
  const snapshot = {
    release_uuid: '7b0c6f0e-8a65-4b8e-9d43-3c1f8f1f2a10',
    dsp_name: 'Spotify',
    territory: 'gb',
    period_label: '2026-q1',
    streams: 10,
  };

  it('takes the five fields, upper-casing territory and period label', () => {
    const parsed = parseFields(AnalyticsIngestBody, { snapshots: [snapshot] });
    expect(parsed).toEqual({ ok: true, data: { snapshots: [{ ...snapshot, territory: 'GB', period_label: '2026-Q1' }] } });
  });

  it('refuses revenue and any other unknown field at its own path, beside the item’s other problems', () => {
    const parsed = parseFields(AnalyticsIngestBody, {
      snapshots: [snapshot, { ...snapshot, revenue: 1.5 }, { ...snapshot, streams: -1, revenue_usd: '2.00', plays: 3 }],
    });
    expect(parsed).toEqual({
      ok: false,
      fields: {
        'snapshots.1.revenue': [SNAPSHOT_REVENUE_MESSAGE],
        'snapshots.2.streams': ['The streams must not be negative.'],
        'snapshots.2.revenue_usd': [SNAPSHOT_REVENUE_MESSAGE],
        'snapshots.2.plays': [expect.stringContaining('Unknown field plays.')],
      },
    });
  });

  it('refuses a period label of no known form with the forms it takes', () => {
    const parsed = parseFields(AnalyticsIngestBody, { snapshots: [{ ...snapshot, period_label: 'March 2026' }, { ...snapshot, period_label: '2026-13' }] });
    expect(parsed).toEqual({
      ok: false,
      fields: { 'snapshots.0.period_label': [PERIOD_LABEL_MESSAGE], 'snapshots.1.period_label': [PERIOD_LABEL_MESSAGE] },
    });
  });
});
