import { Messages } from '@sv/contracts';
import { UnreadableSubmissionError } from '../jobs/job-plan.ts';
import { CSV_COLUMNS, isCsvColumn, type CsvColumn } from './csv-columns.ts';
import { missingRequiredColumns } from './csv-header.ts';
import type { CsvRow } from './csv-sheet.ts';

/** Where each known column is in a sheet; columns it does not know are ignored (a working sheet may keep its own). */
export interface CsvLayout {
  positions: Partial<Record<CsvColumn, number>>;
  width: number;
}

/** A row's value of every known column ('' when blank or absent), and whether it holds values past the header. */
export interface CsvRecord {
  row: number;
  cells: Record<CsvColumn, string>;
  overflows: boolean;
}

export const csvDuplicateColumn = (column: string): string => `The ${column} column appears more than once in the header.`;
export const CSV_ROW_TOO_LONG = 'The row has more values than the header has columns.';

/** The sheet's header as a layout; a header without the required columns, or naming a column twice, cannot be read. */
export const layoutOf = (header: string[]): CsvLayout => {
  if (missingRequiredColumns(header).length > 0) throw new UnreadableSubmissionError(Messages.csvHeader, { 'row 1': [Messages.csvHeader] });
  const positions: Partial<Record<CsvColumn, number>> = {};
  const duplicates: Record<string, string[]> = {};
  header.forEach((name, position) => {
    if (!isCsvColumn(name)) return;
    if (positions[name] !== undefined) duplicates[`row 1, column ${name}`] = [csvDuplicateColumn(name)];
    positions[name] ??= position;
  });
  if (Object.keys(duplicates).length > 0) throw new UnreadableSubmissionError(Object.values(duplicates)[0]![0]!, duplicates);
  return { positions, width: header.length };
};

export const recordOf = (row: CsvRow, layout: CsvLayout): CsvRecord => {
  const cells = Object.fromEntries(
    CSV_COLUMNS.map((column) => {
      const position = layout.positions[column];
      return [column, position === undefined ? '' : (row.values[position] ?? '')];
    }),
  ) as Record<CsvColumn, string>;
  return { row: row.row, cells, overflows: row.values.slice(layout.width).some((value) => value !== '') };
};
