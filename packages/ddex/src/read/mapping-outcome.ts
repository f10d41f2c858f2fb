import type { ErnReadError, IngestedErnMessage, IngestedErnRelease } from './ingested-message.ts';

/** What mapping a validated message gives: the message, or the problems that keep it from being read. */
export type MappingOutcome = { message: IngestedErnMessage; errors?: undefined } | { message?: undefined; errors: ErnReadError[] };

export const mappingError = (path: string | null, message: string): MappingOutcome => ({ errors: [{ path, message }] });

/** The platform needs something to identify a release by: its UPC, or at least one track's ISRC. */
export const identificationProblem = (release: IngestedErnRelease, releaseIdPath: string): ErnReadError | undefined =>
  release.upc === undefined && release.tracks.every((track) => track.isrc === undefined)
    ? { path: releaseIdPath, message: 'the main release has no ICPN (UPC) and none of its tracks has an ISRC' }
    : undefined;
