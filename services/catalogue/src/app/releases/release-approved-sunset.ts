import { RELEASE_APPROVED_SUNSET } from '@sv/contracts';

const SUNSET = Date.parse(`${RELEASE_APPROVED_SUNSET}T00:00:00Z`);

/** Where transitions read "now" from: the system clock in service, a set moment in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that always reads `moment` (tests of date-bound rules). */
export const fixedClock = (moment: Date | string): Clock => {
  const fixed = new Date(moment);
  return { now: () => new Date(fixed) };
};

/** release.approved is deprecated for release.delivered and stops firing on its sunset day (spec, Versioning 10). */
export const releaseApprovedStillFires = (now: Date): boolean => now.getTime() < SUNSET;
