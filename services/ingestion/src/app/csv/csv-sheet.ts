import type { Readable } from 'node:stream';
import { CsvError, type Info } from 'csv-parse';
import { Messages } from '@sv/contracts';
import { BlobTooLargeError, byteCeiling } from '@sv/platform';
import { UnreadableSubmissionError } from '../jobs/job-plan.ts';
import { columnNameOf } from './csv-columns.ts';
import { csvParserOf } from './csv-parser.ts';
import { UnstorableCells } from './csv-unstorable-cells.ts';
import { CsvNotUtf8Error, utf8Check } from './utf8-check.ts';

/** One row of values, trimmed, under its row number as a spreadsheet shows it (the header is row 1). */
export interface CsvRow {
  row: number;
  values: string[];
}

/** A CSV as read: its column names (as columnNameOf gives them) and its rows that hold any value. */
export interface CsvSheet {
  header: string[];
  rows: CsvRow[];
}

export interface CsvReadLimits {
  /** Rows under the header, blank ones included. */
  maxRows: number;
  maxBytes: number;
}

export const CSV_UNREADABLE = 'The CSV could not be read; see validation_errors.';
export const CSV_NOT_UTF8 = 'The CSV must be UTF-8 text: save it as "CSV UTF-8" and upload it again.';
export const csvTooManyRows = (maxRows: number): string => `The CSV has more than ${maxRows} rows; split it into files of at most ${maxRows} rows.`;
export const csvTooLarge = (maxBytes: number): string => `The CSV is larger than ${maxBytes} bytes.`;

/** The parser's own refusals and the ceilings as the job shows them; anything else (the store away) is not the file's fault. */
const asUnreadable = (error: unknown, limits: CsvReadLimits): unknown => {
  if (error instanceof CsvError) return new UnreadableSubmissionError(CSV_UNREADABLE, { [`line ${String(error.lines)}`]: [error.message] });
  if (error instanceof CsvNotUtf8Error) return new UnreadableSubmissionError(CSV_NOT_UTF8);
  if (error instanceof BlobTooLargeError) return new UnreadableSubmissionError(csvTooLarge(limits.maxBytes));
  return error;
};

/**
 * Reads a CSV as it streams in, within the limits: at most `maxBytes` of UTF-8 and `maxRows`
 * rows, and no text that no service can store (csv-unstorable-cells.ts). Rows whose every value
 * is blank are left out but keep their numbers, so row N of an error is row N of the sheet the
 * label edits. Row numbers count records, not lines: a quoted value spanning lines is one row,
 * as a spreadsheet shows it.
 */
export const readCsvSheet = async (source: Readable, limits: CsvReadLimits): Promise<CsvSheet> => {
  const parser = csvParserOf(source, [byteCeiling(limits.maxBytes).counter, utf8Check()], { info: true });
  let header: string[] | undefined;
  const rows: CsvRow[] = [];
  const unstorable = new UnstorableCells();
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      if (!header) {
        unstorable.check(1, record);
        header = record.map(columnNameOf);
        continue;
      }
      const row = info.records;
      unstorable.check(row, record, header);
      if (unstorable.full) break;
      if (row - 1 > limits.maxRows) throw new UnreadableSubmissionError(csvTooManyRows(limits.maxRows), { [`row ${row}`]: [csvTooManyRows(limits.maxRows)] });
      const values = record.map((value) => value.trim());
      if (values.some((value) => value !== '')) rows.push({ row, values });
    }
  } catch (error) {
    throw asUnreadable(error, limits);
  } finally {
    source.destroy();
  }
  const failure = unstorable.failure();
  if (failure) throw failure;
  if (!header) throw new UnreadableSubmissionError(Messages.csvHeader, { 'row 1': [Messages.csvHeader] });
  return { header, rows };
};
