import type { IngestedErnFile, IngestedErnRelease } from '@sv/ddex';

/** A file a submission names: a path relative to the message, or a URL. */
export interface MediaRef {
  uri: string;
  hash?: { algorithm: string; value: string };
}

/** Which imported track a file belongs to: the planned track's place (and ISRC, when given). */
export interface TrackPlace {
  position: number;
  disc_number: number;
  isrc?: string;
}

/** The audio and cover art a planned release names; attached after the release is imported. */
export interface PlannedMedia {
  audio: { track: TrackPlace; file: MediaRef }[];
  artwork?: MediaRef;
}

const refOf = (file: IngestedErnFile): MediaRef => ({ uri: file.uri, ...(file.hash ? { hash: file.hash } : {}) });

/** A URL the catalogue fetches itself (cover art), under its outbound guard. */
export const isWebUrl = (uri: string): boolean => /^https?:\/\//i.test(uri);

/** The files a DDEX release names: each sound recording's full-length audio, and the front cover. */
export const mediaOfErnRelease = (release: IngestedErnRelease): PlannedMedia | undefined => {
  const audio = release.tracks.flatMap((track) =>
    track.audioFile
      ? [{ track: { position: track.sequenceNumber, disc_number: track.discNumber, ...(track.isrc ? { isrc: track.isrc } : {}) }, file: refOf(track.audioFile) }]
      : [],
  );
  // A cover URL goes to the catalogue as the release's cover_art_url instead.
  const artwork = release.frontCover && !isWebUrl(release.frontCover.uri) ? refOf(release.frontCover) : undefined;
  if (audio.length === 0 && !artwork) return undefined;
  return { audio, ...(artwork ? { artwork } : {}) };
};
