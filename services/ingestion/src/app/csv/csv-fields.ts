import { RELEASE_TYPES } from '@sv/contracts';
import type { CsvReleaseColumn, CsvTrackColumn } from './csv-columns.ts';
import { choiceCell, durationCell, flagCell, textCell, wholeNumberCell, type CellValue } from './csv-values.ts';

/** Where a column's value goes in the import body, and how its cell is read. */
export interface ColumnField {
  field: string;
  read: (column: string, cell: string) => CellValue;
}

/**
 * Release columns → fields of the release (POST /releases), except `artist_name`: the name of the
 * release's artist, which the catalogue finds or creates for keys that name artists (roster keys).
 */
export const RELEASE_COLUMN_FIELDS: Record<CsvReleaseColumn, ColumnField & { scope: 'release' | 'import' }> = {
  upc: { scope: 'release', field: 'upc', read: textCell },
  title: { scope: 'release', field: 'title', read: textCell },
  type: { scope: 'release', field: 'type', read: choiceCell(RELEASE_TYPES) },
  release_date: { scope: 'release', field: 'release_date', read: textCell },
  genre: { scope: 'release', field: 'genre', read: textCell },
  subgenre: { scope: 'release', field: 'subgenre', read: textCell },
  language: { scope: 'release', field: 'language', read: textCell },
  label: { scope: 'release', field: 'label', read: textCell },
  copyright_year: { scope: 'release', field: 'copyright_year', read: wholeNumberCell },
  copyright_holder: { scope: 'release', field: 'copyright_holder', read: textCell },
  artist_id: { scope: 'release', field: 'artist_id', read: textCell },
  artist_name: { scope: 'import', field: 'artist_name', read: textCell },
};

/** Track columns → fields of the track (POST /releases/{uuid}/tracks). */
export const TRACK_COLUMN_FIELDS: Record<CsvTrackColumn, ColumnField> = {
  track_title: { field: 'title', read: textCell },
  track_position: { field: 'position', read: wholeNumberCell },
  disc_number: { field: 'disc_number', read: wholeNumberCell },
  isrc: { field: 'isrc', read: textCell },
  explicit: { field: 'explicit', read: flagCell },
  duration: { field: 'duration', read: durationCell },
  track_language: { field: 'language', read: textCell },
  title_version: { field: 'title_version', read: textCell },
  track_artist_name: { field: 'artist_name', read: textCell },
};
