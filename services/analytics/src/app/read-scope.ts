import { isArtistScoped, type Principal } from '@sv/contracts';
import { ValidationError } from '@sv/platform';

/*
 * What both analytics families narrow a read by: a range of whole days and, for an artist-scoped
 * caller, its own artist.
 */

/** A range of whole days, both ends included, written YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

export const dayOf = (moment: Date): string => moment.toISOString().slice(0, 10);

export const daysBefore = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS));

/** 422: the range ends before it starts. */
export class RangeReversedError extends ValidationError {
  constructor() {
    super({ from: ['The from date must not be after the to date.'] });
  }
}

/**
 * The longest range a read covers: ten years of days. A daily series of it is a few thousand rows;
 * a range of millennia would be a reply too big for the bus and a query that runs for minutes.
 */
export const MAX_RANGE_DAYS = 3660;

/** 422: the range spans more days than a read covers. */
export class RangeTooLongError extends ValidationError {
  constructor() {
    super({ from: [`The from date may be at most ${MAX_RANGE_DAYS} days before the to date.`] });
  }
}

/** The first day Postgres has: it knows no year 0. */
const FIRST_DAY = '0001-01-01';

/** 422: the range starts before the year 1 (given so, or 'to' too early for the default 'from'). */
export class RangeBeforeFirstDayError extends ValidationError {
  constructor(field: 'from' | 'to') {
    super({ [field]: [`The ${field} date must leave the range starting on ${FIRST_DAY} or later.`] });
  }
}

const daysBetween = (from: string, to: string): number => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/**
 * The caller's range: `to` defaults to today (UTC), `from` to `defaultDays` before `to`; from after
 * to, and a range longer than MAX_RANGE_DAYS, are refused.
 */
export const dayRangeOf = (query: { from?: string | undefined; to?: string | undefined }, defaultDays: number, now = new Date()): DayRange => {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? daysBefore(to, defaultDays);
  if (from > to) throw new RangeReversedError();
  if (from < FIRST_DAY) throw new RangeBeforeFirstDayError(query.from === undefined ? 'to' : 'from');
  if (daysBetween(from, to) > MAX_RANGE_DAYS) throw new RangeTooLongError();
  return { from, to };
};

/** Matches no artist: an artist-scoped caller without an artist reads nothing. */
const NO_ARTIST = '00000000-0000-0000-0000-000000000000';

/** The artist an artist-scoped caller reads for (its own only), or null for the whole tenant. */
export const artistScopeOf = (principal: Principal): string | null => (isArtistScoped(principal) ? (principal.artist_id ?? NO_ARTIST) : null);
