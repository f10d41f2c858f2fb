import { Messages, type ReleaseSnapshot } from '@sv/contracts';
import type { FieldErrors } from '@sv/platform';

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** The release contract's own words for a missing title (catalogue writes refuse one). */
const TITLE_REQUIRED = 'The title field is required.';

/**
 * What a release lacks before any store could receive its message, by field, in the words of the
 * delivery plan's readiness check (the same gaps QC refuses). Empty when a message can be built.
 */
export const missingForPreview = (release: ReleaseSnapshot): FieldErrors => {
  const missing: FieldErrors = {};
  const add = (field: string, message: string): void => {
    missing[field] = [...(missing[field] ?? []), message];
  };
  if (blank(release.title)) add('title', TITLE_REQUIRED);
  if (blank(release.upc)) add('upc', Messages.planUpcMissing);
  if (blank(release.genre)) add('genre', Messages.planGenreMissing);
  if (release.tracks.length === 0) add('tracks', Messages.planNoTracks);
  release.tracks.forEach((track, index) => {
    if (!track.audio) add(`tracks[${index}].audio`, Messages.planTrackAudioMissing(track.position, track.title));
    if (blank(track.isrc)) add(`tracks[${index}].isrc`, Messages.planTrackIsrcMissing(track.position, track.title));
  });
  if (!release.artwork) add('artwork_url', Messages.planArtworkMissing);
  return missing;
};
