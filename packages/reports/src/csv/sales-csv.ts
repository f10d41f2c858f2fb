import type { Readable } from 'node:stream';
import { CsvError } from 'csv-parse';
import { Messages } from '@sv/contracts';
import { unstorableTextProblem } from '@sv/platform/text';
import { ReportFileError } from '../report-file-error.ts';
import { isBlank } from './csv-lines.ts';
import { csvRecordBatches } from './csv-records.ts';
import { readSalesHeader, type RawSalesLine, type SalesColumn } from './sales-lines.ts';

/** A line where it was found: its row (the file's row number, the header being row 1) and the error key of each of its cells. */
export interface LocatedSalesLine {
  row: number;
  raw: RawSalesLine;
  keyOf(column: SalesColumn): string;
}

/**
 * UTF-8 with or without a byte order mark, every value a string, rows of any length (a row whose
 * trailing empty cells a tool left out is still read), and no record beyond 64 KB, so a file that
 * is not a CSV cannot make one row hold the whole file in memory.
 */
const CSV_READING = { delimiter: ',', quoted: true, maxRecordSize: 64 * 1024 };

/**
 * The lines of a sales report CSV, streamed: one chunk of records at a time is held, never the
 * file. A header (row 1) without `amount` and `isrc` or `upc` refuses the file with the message
 * the API answers (`reason`); so does a file that is not a readable CSV. Blank lines are skipped
 * but keep their row numbers. Each line's cells are checked apart (checkSalesLine), so one refusal
 * can name every faulty cell.
 */
export async function* csvSalesLines(source: Readable): AsyncGenerator<LocatedSalesLine> {
  let row = 0;
  let header: Map<SalesColumn, number> | undefined;
  // The header's columns as pairs, taken once rather than through the map's iterator on every line.
  let columns: [SalesColumn, number][] = [];
  try {
    for await (const batch of csvRecordBatches(source, CSV_READING)) {
      for (const { cells: record, storable } of batch) {
        row += 1;
        if (!header) {
          header = readSalesHeader(record);
          if (!header) throw new ReportFileError({}, Messages.salesReportHeader);
          columns = [...header];
          continue;
        }
        if (isBlank(record)) continue;
        if (!storable) {
          for (const [index, cell] of record.entries()) {
            const problem = unstorableTextProblem(cell);
            if (problem) throw new ReportFileError({ line: row, column: index + 1 }, `contains ${problem}`);
          }
        }
        const raw: RawSalesLine = {};
        for (let column = 0; column < columns.length; column += 1) raw[columns[column]![0]] = record[columns[column]![1]];
        const at = row;
        yield { row: at, raw, keyOf: (column) => `row ${at}, column ${column}` };
      }
    }
  } catch (error) {
    if (error instanceof CsvError) throw new ReportFileError({}, `The file is not a readable CSV: ${error.message}`);
    throw error;
  }
  if (!header) throw new ReportFileError({}, Messages.salesReportHeader);
}
