import { dayRangeOf, daysBefore, MAX_RANGE_DAYS } from '../src/app/read-scope.ts';

/*
 * The range every analytics read is narrowed by: bounded, so no range makes a reply too big for the
 * bus or a query that runs for minutes, and never before the first day Postgres knows.
 */

const NOW = new Date('2027-06-15T12:00:00Z');
const problem = (query: { from?: string; to?: string }) => {
  try {
    dayRangeOf(query, 30, NOW);
    return undefined;
  } catch (error) {
    return (error as { fields?: Record<string, string[]> }).fields;
  }
};

describe('dayRangeOf', () => {
  it('defaults to the given number of days up to today', () => {
    expect(dayRangeOf({}, 30, NOW)).toEqual({ from: '2027-05-16', to: '2027-06-15' });
  });

  it(`takes a range of exactly ${MAX_RANGE_DAYS} days, and refuses one day more naming from`, () => {
    const longest = daysBefore('2027-06-15', MAX_RANGE_DAYS);
    expect(longest.startsWith('2017-')).toBe(true);
    expect(dayRangeOf({ from: longest, to: '2027-06-15' }, 30, NOW)).toEqual({ from: longest, to: '2027-06-15' });
    expect(problem({ from: daysBefore(longest, 1), to: '2027-06-15' })).toEqual({ from: [`The from date may be at most ${MAX_RANGE_DAYS} days before the to date.`] });
  });

  it('refuses the widest dates a client can write (0001-01-01 to 9999-12-31), and a from far back with to defaulted', () => {
    expect(problem({ from: '0001-01-01', to: '9999-12-31' })).toHaveProperty('from');
    expect(problem({ from: '1900-01-01' })).toHaveProperty('from');
  });

  it('refuses a range starting in the year 0, which Postgres does not have, naming the field that put it there', () => {
    expect(problem({ from: '0000-01-01', to: '0000-12-31' })).toHaveProperty('from');
    expect(problem({ to: '0001-01-10' })).toHaveProperty('to');
    expect(dayRangeOf({ from: '0001-01-01', to: '0001-01-10' }, 30, NOW)).toEqual({ from: '0001-01-01', to: '0001-01-10' });
  });

  it('still refuses from after to, naming from', () => {
    expect(problem({ from: '2027-06-16', to: '2027-06-15' })).toEqual({ from: ['The from date must not be after the to date.'] });
  });
});
