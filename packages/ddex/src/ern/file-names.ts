import type { ReleaseSnapshot, TrackSnapshot } from '@sv/contracts';

/*
 * Names inside a release folder, as the DDEX cloud choreography lays it out: the message at the
 * top, named after the release, and every resource file under `resources/`. Names derive from
 * the UPC, disc and position only, so a redelivery writes the same names again.
 */

const RESOURCES = 'resources/';

/** A file extension reduced to lower-case letters and digits, without its dot. */
const cleanExtension = (extension: string): string => {
  const cleaned = extension.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (cleaned === '') throw new Error(`"${extension}" is not a file extension.`);
  return cleaned;
};

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** The artwork's extension from its stored MIME type; JPEG unless it is known to be PNG. */
const artworkExtension = (release: ReleaseSnapshot): string => (release.artwork?.mime_type === 'image/png' ? 'png' : 'jpg');

export const resourceFileNames = {
  /** `resources/<UPC>_<disc, 2 digits>_<position, 3 digits>.<extension>` */
  audio(release: ReleaseSnapshot, track: TrackSnapshot, extension: string): string {
    return `${RESOURCES}${release.upc}_${pad(track.disc_number, 2)}_${pad(track.position, 3)}.${cleanExtension(extension)}`;
  },
  /** `resources/<UPC>.jpg` (or `.png` for PNG artwork). */
  artwork(release: ReleaseSnapshot): string {
    return `${RESOURCES}${release.upc}.${artworkExtension(release)}`;
  },
};

/** The NewReleaseMessage's own file in the release folder: `<UPC>.xml`. */
export const ernFileName = (release: ReleaseSnapshot): string => `${release.upc}.xml`;
