import type { Principal, UploadedFile } from '@sv/contracts';
import type { MediaResolver } from '../media/media-resolver.ts';
import type { MediaRef, PlannedMedia, TrackPlace } from '../media/planned-media.ts';
import type { CataloguePort, ImportedRelease } from './ports.ts';

/** An item's files found and checked before its release is made: nothing is imported when one is corrupt. */
export interface PreparedMedia {
  audio: { track: TrackPlace; file: UploadedFile }[];
  artwork?: UploadedFile;
  /** Files named but not there: the release is imported without them. */
  warnings: string[];
  /** Removes the files resolving stored (downloads): called when the item is not imported after all. */
  discard(): Promise<void>;
}

/** Resolves every file an item names, one at a time (a download at a time); a failure discards what was stored. */
export const prepareMedia = async (media: PlannedMedia | undefined, resolve: MediaResolver | undefined): Promise<PreparedMedia> => {
  const discards: (() => Promise<void>)[] = [];
  const prepared: PreparedMedia = {
    audio: [],
    warnings: [],
    discard: async () => {
      await Promise.allSettled(discards.splice(0).map((discard) => discard()));
    },
  };
  if (!media || !resolve) return prepared;
  const take = async (ref: MediaRef): Promise<UploadedFile | undefined> => {
    const resolved = await resolve(ref);
    if (!resolved) return undefined;
    if ('missing' in resolved) {
      prepared.warnings.push(resolved.missing);
      return undefined;
    }
    if (resolved.discard) discards.push(resolved.discard);
    return resolved.file;
  };
  try {
    for (const { track, file } of media.audio) {
      const taken = await take(file);
      if (taken) prepared.audio.push({ track, file: taken });
    }
    if (media.artwork) prepared.artwork = await take(media.artwork);
  } catch (error) {
    await prepared.discard();
    throw error;
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
