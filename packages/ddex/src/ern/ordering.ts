import type { TrackSnapshot } from '@sv/contracts';

/** Code-unit order: the same on every machine and locale, unlike localeCompare. */
export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Tracks in disc, then position order; ties keep the snapshot's order (the sort is stable). */
export const sortTracks = (tracks: readonly TrackSnapshot[]): TrackSnapshot[] =>
  [...tracks].sort((a, b) => a.disc_number - b.disc_number || a.position - b.position);

/** Values without repeats, first occurrence kept. */
export const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];
