import { splitByMonths } from '../src/app/month-split.ts';

/*
 * A report range as the rollups read it: whole calendar months from the month tables, the days
 * before and after them from the day tables, every day counted once.
 */

describe('splitByMonths', () => {
  it.each([
    ['whole months only', '2026-01-01', '2026-03-31', { months: { from: '2026-01-01', to: '2026-03-01' }, days: [] }],
    ['one whole month', '2026-02-01', '2026-02-28', { months: { from: '2026-02-01', to: '2026-02-01' }, days: [] }],
    [
      'edge days on both sides',
      '2025-11-25',
      '2026-11-24',
      {
        months: { from: '2025-12-01', to: '2026-10-01' },
        days: [
          { from: '2025-11-25', to: '2025-11-30' },
          { from: '2026-11-01', to: '2026-11-24' },
        ],
      },
    ],
    ['a leading edge only', '2024-02-10', '2024-03-31', { months: { from: '2024-03-01', to: '2024-03-01' }, days: [{ from: '2024-02-10', to: '2024-02-29' }] }],
    ['a trailing edge only', '2026-03-01', '2026-04-15', { months: { from: '2026-03-01', to: '2026-03-01' }, days: [{ from: '2026-04-01', to: '2026-04-15' }] }],
    ['inside one month', '2026-03-02', '2026-03-30', { months: null, days: [{ from: '2026-03-02', to: '2026-03-30' }] }],
    ['across one month edge, no whole month', '2026-03-15', '2026-04-14', { months: null, days: [{ from: '2026-03-15', to: '2026-04-14' }] }],
    ['a single day', '2026-12-31', '2026-12-31', { months: null, days: [{ from: '2026-12-31', to: '2026-12-31' }] }],
    ['a year-end month', '2026-12-01', '2026-12-31', { months: { from: '2026-12-01', to: '2026-12-01' }, days: [] }],
    ['a two-digit year', '0050-01-15', '0050-03-01', { months: { from: '0050-02-01', to: '0050-02-01' }, days: [{ from: '0050-01-15', to: '0050-01-31' }, { from: '0050-03-01', to: '0050-03-01' }] }],
  ])('%s: %s to %s', (_name, from, to, expected) => {
    expect(splitByMonths(from, to)).toEqual(expected);
  });
});
