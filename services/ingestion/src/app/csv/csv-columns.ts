/**
 * The columns of an ingestion CSV, one row per track (docs/ingestion-csv.md documents each, and
 * docs/ingestion-template.csv has them in this order). Release columns describe the track's
 * release and must agree across the rows of one release; track columns describe the row's track.
 */
export const CSV_RELEASE_COLUMNS = [
  'upc',
  'title',
  'type',
  'release_date',
  'genre',
  'subgenre',
  'language',
  'label',
  'copyright_year',
  'copyright_holder',
  'artist_id',
  'artist_name',
] as const;

export const CSV_TRACK_COLUMNS = [
  'track_title',
  'track_position',
  'disc_number',
  'isrc',
  'explicit',
  'duration',
  'track_language',
  'title_version',
  'track_artist_name',
] as const;

/**
 * Files a row names: the release's cover (`artwork_file`, agreed across its rows) and the track's
 * audio (`audio_file`). A path relative to the CSV, delivered beside it in the SFTP drop folder,
 * or an http(s) URL downloaded under the outbound guard.
 */
export const CSV_FILE_COLUMNS = ['artwork_file', 'audio_file'] as const;

export const CSV_COLUMNS = [...CSV_RELEASE_COLUMNS, ...CSV_TRACK_COLUMNS, ...CSV_FILE_COLUMNS] as const;

export type CsvReleaseColumn = (typeof CSV_RELEASE_COLUMNS)[number];
export type CsvTrackColumn = (typeof CSV_TRACK_COLUMNS)[number];
export type CsvFileColumn = (typeof CSV_FILE_COLUMNS)[number];
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The spec's required header columns: without them the upload is refused at the door (422). */
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = ['title', 'track_title'];

const KNOWN = new Set<string>(CSV_COLUMNS);
export const isCsvColumn = (name: string): name is CsvColumn => KNOWN.has(name);

/**
 * A header cell as the column it names: spreadsheets write `Track Title` or ` ISRC`, so case,
 * surrounding spaces and inner spaces or hyphens (as `_`) do not matter.
 */
export const columnNameOf = (headerCell: string): string =>
  headerCell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
