import { CSV_RELEASE_COLUMNS, type CsvReleaseColumn } from './csv-columns.ts';
import { RELEASE_COLUMN_FIELDS } from './csv-fields.ts';
import type { CsvRecord } from './csv-layout.ts';

/** A release column's value as the release's rows agree on it, and the row it was read from. */
export interface AgreedValue {
  value: string;
  row: number;
}

/** The rows of one release (one per track, in file order), its agreed release values and their conflicts. */
export interface CsvReleaseGroup {
  records: CsvRecord[];
  release: Record<CsvReleaseColumn, AgreedValue>;
  /** `row N, column X` → messages, for release values that differ from the release's other rows. */
  conflicts: Record<string, string[]>;
}

export const csvConflict = (column: string, row: number, value: string): string =>
  `The ${column} differs from row ${row} ("${value}"): the rows of one release must agree.`;

/** Titles and names compare as a label means them: case and runs of spaces aside. */
const loosely = (value: string): string => value.replace(/\s+/g, ' ').toLowerCase();

const titleAndArtistOf = (values: { title: string; artist_id: string; artist_name: string }): string =>
  [loosely(values.title), values.artist_id.toLowerCase(), loosely(values.artist_name)].join('\u0000');

/** Two cells agree when they read as the same value (`EP` and `ep` are one type). */
const agrees = (column: CsvReleaseColumn, a: string, b: string): boolean => {
  const read = (cell: string) => {
    const value = RELEASE_COLUMN_FIELDS[column].read(column, cell);
    return value.ok ? JSON.stringify(value.value) : cell;
  };
  return a === b || read(a) === read(b);
};

/**
 * Each release column's value: the first row's that gives one. A blank cell takes the release's
 * value (release columns may be filled on one row only); a different value is a conflict at its cell.
 */
const agree = (records: CsvRecord[]): Pick<CsvReleaseGroup, 'release' | 'conflicts'> => {
  const firstRow = records[0]!.row;
  const release = {} as Record<CsvReleaseColumn, AgreedValue>;
  const conflicts: Record<string, string[]> = {};
  for (const column of CSV_RELEASE_COLUMNS) {
    const given = records.filter((record) => record.cells[column] !== '');
    const agreed = given[0] ? { value: given[0].cells[column], row: given[0].row } : { value: '', row: firstRow };
    release[column] = agreed;
    for (const record of given.slice(1)) {
      if (!agrees(column, record.cells[column], agreed.value)) conflicts[`row ${record.row}, column ${column}`] = [csvConflict(column, agreed.row, agreed.value)];
    }
  }
  return { release, conflicts };
};

/**
 * The rows grouped into releases, in the order their first rows come. Rows with a UPC are one
 * release per UPC. Rows without are one release per title and artist (artist_id and artist_name),
 * or join the release with a UPC whose title and artist they share, so a UPC left out on some
 * rows of a release does not split it.
 */
export const groupReleases = (records: CsvRecord[]): CsvReleaseGroup[] => {
  const byUpc = new Map<string, CsvRecord[]>();
  const withoutUpc: CsvRecord[] = [];
  for (const record of records) {
    const upc = record.cells.upc;
    if (upc === '') withoutUpc.push(record);
    else byUpc.set(upc, [...(byUpc.get(upc) ?? []), record]);
  }
  const byTitleAndArtist = new Map<string, CsvRecord[]>();
  for (const upcRecords of byUpc.values()) {
    const { release } = agree(upcRecords);
    const key = titleAndArtistOf({ title: release.title.value, artist_id: release.artist_id.value, artist_name: release.artist_name.value });
    if (!byTitleAndArtist.has(key)) byTitleAndArtist.set(key, upcRecords);
  }
  const groups = [...byUpc.values()];
  for (const record of withoutUpc) {
    const key = titleAndArtistOf(record.cells);
    const group = byTitleAndArtist.get(key);
    if (group) group.push(record);
    else {
      const created = [record];
      byTitleAndArtist.set(key, created);
      groups.push(created);
    }
  }
  return groups
    .map((group) => group.sort((a, b) => a.row - b.row))
    .sort((a, b) => a[0]!.row - b[0]!.row)
    .map((group) => ({ records: group, ...agree(group) }));
};
