import type { Principal, UploadedFile } from '@sv/contracts';
import type { MediaResolver } from '../media/media-resolver.ts';
import type { PlannedMedia, TrackPlace } from '../media/planned-media.ts';
import type { CataloguePort, ImportedRelease } from './ports.ts';

/** An item's files found and checked before its release is made: nothing is imported when one is corrupt. */
export interface PreparedMedia {
  audio: { track: TrackPlace; file: UploadedFile }[];
  artwork?: UploadedFile;
  /** Files named but not there: the release is imported without them. */
  warnings: string[];
}

export const prepareMedia = (media: PlannedMedia | undefined, resolve: MediaResolver | undefined): PreparedMedia => {
  const prepared: PreparedMedia = { audio: [], warnings: [] };
  if (!media || !resolve) return prepared;
  for (const { track, file } of media.audio) {
    const resolved = resolve(file);
    if ('missing' in resolved) prepared.warnings.push(resolved.missing);
    else prepared.audio.push({ track, file: resolved.file });
  }
  if (media.artwork) {
    const resolved = resolve(media.artwork);
    if ('missing' in resolved) prepared.warnings.push(resolved.missing);
    else prepared.artwork = resolved.file;
  }
  return prepared;
};

/** The imported track a file belongs to: by ISRC when the plan gives one, else by disc and position. */
const trackOf = (release: ImportedRelease, place: TrackPlace) =>
  release.tracks.find((track) => (place.isrc ? track.isrc === place.isrc : track.disc_number === place.disc_number && track.position === place.position));

/** Attaches the files through the catalogue's own upload use-cases; a refusal is thrown as the catalogue's error. */
export const attachMedia = async (catalogue: CataloguePort, principal: Principal, release: ImportedRelease, media: PreparedMedia): Promise<void> => {
  for (const { track, file } of media.audio) {
    const imported = trackOf(release, track);
    if (imported) await catalogue.attachAudio(principal, imported.uuid, file);
  }
  if (media.artwork) await catalogue.attachArtwork(principal, release.uuid, media.artwork);
};
