import { ReportFileError, type ReportPlace } from '../report-file-error.ts';
import type { Layout } from './dsr-layouts.ts';
import { cellValues, unescapeCell, type DsrRecord } from './dsr-record.ts';

/** A record's cells read by name through its type's layout. */
export interface DsrCells<TField extends string> {
  line: number;
  at(field: TField): ReportPlace;
  /** The cell's text, escapes undone; '' when the line ends before it. */
  text(field: TField): string;
  /** The values of a multi-value cell, escapes undone. */
  values(field: TField): string[];
}

/**
 * Reads `record` through `layout`, refusing it when it has more cells than its type allows (empty
 * cells a writer left at the end of the line hold nothing and are not counted).
 */
export const cellsOf = <TField extends string>(record: DsrRecord, layout: Layout<TField>): DsrCells<TField> => {
  let used = record.raw.length;
  while (used > layout.cells && record.raw[used - 1]!.trim() === '') used -= 1;
  if (used > layout.cells) {
    throw new ReportFileError({ line: record.line, column: layout.cells + 1 }, `a ${record.type} record has at most ${layout.cells} cells; this one has ${used}`);
  }
  const raw = (field: TField): string => {
    const position = layout.at[field];
    return position === null ? '' : (record.raw[position - 1] ?? '');
  };
  return {
    line: record.line,
    at: (field) => ({ line: record.line, column: layout.at[field], field: layout.names[field] ?? field }),
    text: (field) => unescapeCell(raw(field)),
    values: (field) => cellValues(raw(field)),
  };
};
