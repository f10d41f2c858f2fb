import type { PlannedMedia } from '../media/planned-media.ts';
import { csvConflict, type CsvReleaseGroup } from './csv-groups.ts';
import { cellKey } from './csv-release-body.ts';

/** The tracks' places as the release body numbers them (blank positions count per disc, in row order). */
type TrackPlaces = { position: number; disc_number: number; isrc?: string }[];

/**
 * The files a release's rows name: each row's `audio_file` for its track, and the release's
 * `artwork_file`, which its rows must agree on (a different one is a conflict at its cell).
 */
export const mediaOfCsvGroup = (group: CsvReleaseGroup, places: TrackPlaces): { media?: PlannedMedia; conflicts: Record<string, string[]> } => {
  const conflicts: Record<string, string[]> = {};
  const audio = group.records.flatMap((record, index) => {
    const uri = record.cells.audio_file;
    return uri ? [{ track: places[index]!, file: { uri } }] : [];
  });
  const covers = group.records.filter((record) => record.cells.artwork_file !== '');
  const cover = covers[0];
  for (const record of covers.slice(1)) {
    if (record.cells.artwork_file !== cover!.cells.artwork_file) {
      conflicts[cellKey(record.row, 'artwork_file')] = [csvConflict('artwork_file', cover!.row, cover!.cells.artwork_file)];
    }
  }
  if (audio.length === 0 && !cover) return { conflicts };
  return { media: { audio, ...(cover ? { artwork: { uri: cover.cells.artwork_file } } : {}) }, conflicts };
};
