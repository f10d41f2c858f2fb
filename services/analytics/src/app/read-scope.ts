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

/** The caller's range: `to` defaults to today (UTC), `from` to `defaultDays` before `to`; from after to is refused. */
export const dayRangeOf = (query: { from?: string | undefined; to?: string | undefined }, defaultDays: number, now = new Date()): DayRange => {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? daysBefore(to, defaultDays);
  if (from > to) throw new RangeReversedError();
  return { from, to };
};

/** Matches no artist: an artist-scoped caller without an artist reads nothing. */
const NO_ARTIST = '00000000-0000-0000-0000-000000000000';

/** The artist an artist-scoped caller reads for (its own only), or null for the whole tenant. */
export const artistScopeOf = (principal: Principal): string | null => (isArtistScoped(principal) ? (principal.artist_id ?? NO_ARTIST) : null);
