import { CSV_RELEASE_COLUMNS, CSV_TRACK_COLUMNS } from './csv-columns.ts';
import { RELEASE_COLUMN_FIELDS, TRACK_COLUMN_FIELDS } from './csv-fields.ts';
import type { CsvReleaseGroup } from './csv-groups.ts';
import { CSV_ROW_TOO_LONG, type CsvRecord } from './csv-layout.ts';
import type { CellValue } from './csv-values.ts';

export interface CsvCell {
  row: number;
  column: string;
}

/** A cell as an error names it: `row 14, column isrc` (row 14 alone for the row as a whole). */
export const cellKey = (row: number, column?: string): string => (column ? `row ${row}, column ${column}` : `row ${row}`);

/**
 * A release group as the body of `releases.import`, still unvalidated, with the cell every field
 * of it came from (dotted paths, as schema errors name them) and the cells that could not be read.
 */
export interface CsvReleaseDraft {
  body: { release: Record<string, unknown>; artist_name?: unknown; import_key: string };
  /** Field path (`release.tracks.2.isrc`) → the cell its value came from. */
  cells: Map<string, CsvCell>;
  errors: Record<string, string[]>;
}

/** A blank track_position is the track's place among the release's rows on the same disc. */
const positionsOf = (records: CsvRecord[]): number[] => {
  const seen = new Map<string, number>();
  return records.map((record) => {
    const disc = record.cells.disc_number || '1';
    seen.set(disc, (seen.get(disc) ?? 0) + 1);
    return seen.get(disc)!;
  });
};

/** The group's cells read into the body; a blank cell leaves its field out (the schema says whether it may be). */
export const draftOf = (group: CsvReleaseGroup, importKey: string): CsvReleaseDraft => {
  const draft: CsvReleaseDraft = { body: { release: {}, import_key: importKey }, cells: new Map(), errors: {} };
  const put = (target: Record<string, unknown>, field: string, path: string, at: CsvCell, cell: CellValue | undefined): void => {
    draft.cells.set(path, at);
    if (cell?.ok) target[field] = cell.value;
    else if (cell) draft.errors[cellKey(at.row, at.column)] = [cell.message];
  };

  for (const column of CSV_RELEASE_COLUMNS) {
    const { value, row } = group.release[column];
    const { scope, field, read } = RELEASE_COLUMN_FIELDS[column];
    const [target, path] = scope === 'release' ? [draft.body.release, `release.${field}`] : [draft.body as Record<string, unknown>, field];
    put(target, field, path, { row, column }, value === '' ? undefined : read(column, value));
  }

  const positions = positionsOf(group.records);
  draft.body.release.tracks = group.records.map((record, index) => {
    const track: Record<string, unknown> = {};
    if (record.overflows) draft.errors[cellKey(record.row)] = [CSV_ROW_TOO_LONG];
    for (const column of CSV_TRACK_COLUMNS) {
      const { field, read } = TRACK_COLUMN_FIELDS[column];
      const value = record.cells[column];
      const cell = value !== '' ? read(column, value) : column === 'track_position' ? { ok: true as const, value: positions[index] } : undefined;
      put(track, field, `release.tracks.${index}.${field}`, { row: record.row, column }, cell);
    }
    return track;
  });
  return draft;
};
