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
  return new RecordCells(record, layout);
};

/** A class rather than closures: one is made per record read, a million times for a large file. */
class RecordCells<TField extends string> implements DsrCells<TField> {
  readonly line: number;
  readonly #record: DsrRecord;
  readonly #layout: Layout<TField>;

  constructor(record: DsrRecord, layout: Layout<TField>) {
    this.line = record.line;
    this.#record = record;
    this.#layout = layout;
  }

  #raw(field: TField): string {
    const position = this.#layout.at[field];
    return position === null ? '' : (this.#record.raw[position - 1] ?? '');
  }

  at(field: TField): ReportPlace {
    return { line: this.line, column: this.#layout.at[field], field: this.#layout.names[field] ?? field };
  }

  text(field: TField): string {
    return unescapeCell(this.#raw(field));
  }

  values(field: TField): string[] {
    return cellValues(this.#raw(field));
  }
}
