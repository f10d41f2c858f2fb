import { dayRangeOf, type DayRange } from '../read-scope.ts';

/** A period of whole days, both ends included, written YYYY-MM-DD. */
export type Period = DayRange;

/** The streaming family's default: the 90 days up to today. */
export const DEFAULT_PERIOD_DAYS = 90;

/** The period a read covers: `to` defaults to today (UTC), `from` to 90 days before `to`. */
export const periodOf = (query: { from?: string | undefined; to?: string | undefined }, now = new Date()): Period =>
  dayRangeOf(query, DEFAULT_PERIOD_DAYS, now);
