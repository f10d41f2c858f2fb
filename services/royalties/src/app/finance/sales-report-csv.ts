import { pipeline, type Readable } from 'node:stream';
import { CsvError, parse, type Parser } from 'csv-parse';
import { ValidationError } from '@sv/platform';
import { Messages } from '@sv/contracts';
import { readSalesHeader, type RawSalesLine, type SalesColumn } from './sales-lines.ts';

export const SALES_REPORT_FIELD = 'sales_report';

/** A line where it was found: its row (the file's row number, the header being row 1) and the error key of each of its cells. */
export interface LocatedLine {
  row: number;
  raw: RawSalesLine;
  keyOf(column: SalesColumn): string;
}

/**
 * UTF-8 with or without a byte order mark, every value a string, rows of any length (a row whose
 * trailing empty cells a tool left out is still read), and no record beyond 64 KB, so a file that
 * is not a CSV cannot make one row hold the whole file in memory.
 */
const parser = (source: Readable): Parser =>
  pipeline([source, parse({ bom: true, cast: false, relax_column_count: true, skip_empty_lines: false, max_record_size: 64 * 1024 })], () => undefined) as Parser;

const unreadable = (reason: string): ValidationError => new ValidationError({ [SALES_REPORT_FIELD]: [`The file is not a readable CSV: ${reason}`] });

/**
 * The lines of a stored report, streamed: one record at a time is held, never the file. A header
 * without `amount` and `isrc` or `upc` is the report's 422; blank lines are skipped but keep
 * their row numbers.
 */
export async function* csvSalesLines(source: Readable): AsyncGenerator<LocatedLine> {
  let row = 0;
  let header: Map<SalesColumn, number> | undefined;
  try {
    for await (const record of parser(source) as AsyncIterable<string[]>) {
      row += 1;
      if (!header) {
        header = readSalesHeader(record);
        if (!header) throw new ValidationError({ [SALES_REPORT_FIELD]: [Messages.salesReportHeader] }, Messages.salesReportHeader);
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      const raw: RawSalesLine = {};
      for (const [column, index] of header) raw[column] = record[index];
      const at = row;
      yield { row: at, raw, keyOf: (column) => `row ${at}, column ${column}` };
    }
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(error.message);
    throw error;
  }
  if (!header) throw new ValidationError({ [SALES_REPORT_FIELD]: [Messages.salesReportHeader] }, Messages.salesReportHeader);
}

/** The lines of a JSON report, keyed by their path in the body (`lines.3.amount`). */
export async function* jsonSalesLines(lines: readonly RawSalesLine[]): AsyncGenerator<LocatedLine> {
  for (const [index, raw] of lines.entries()) yield { row: index + 1, raw, keyOf: (column) => `lines.${index}.${column}` };
}
