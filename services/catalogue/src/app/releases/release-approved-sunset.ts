import { RELEASE_APPROVED_SUNSET } from '@sv/contracts';

const SUNSET = Date.parse(`${RELEASE_APPROVED_SUNSET}T00:00:00Z`);

/** release.approved is deprecated for release.delivered and stops firing on its sunset day (spec, Versioning 10). */
export const releaseApprovedStillFires = (now: Date): boolean => now.getTime() < SUNSET;
