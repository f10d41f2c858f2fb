import type { Readable } from 'node:stream';
import { CsvError } from 'csv-parse';
import { unstorableTextProblem } from '@sv/platform/text';
import { ReportFileError } from '../report-file-error.ts';
import { csvRecordBatches } from './csv-records.ts';

/** One line of a report file, split into cells (every value a string, nothing cast). */
export interface ReportLine {
  line: number;
  cells: string[];
}

/** No line beyond 1 MB: a file that is not a report cannot make one line hold the whole file in memory. */
const LONGEST_LINE = 1024 * 1024;

/** Refuses a line holding text Postgres cannot store (NUL), naming the first such cell as a spreadsheet does, from 1. */
const assertStorable = (line: number, cells: readonly string[]): void => {
  for (const [index, cell] of cells.entries()) {
    const problem = unstorableTextProblem(cell);
    if (problem) throw new ReportFileError({ line, column: index + 1 }, `contains ${problem}`);
  }
};

/**
 * The lines of `source`, streamed a batch at a time (those of one chunk of the file): never the
 * whole file. UTF-8 with or without a byte order mark; lines of any length (trailing empty cells
 * may be left out); blank lines keep their numbers. An unreadable file is refused naming the line
 * where reading stopped, and a cell holding NUL (which no text column can keep) naming its line
 * and column; either after the lines before it were handed out.
 */
export async function* reportLineBatches(source: Readable, options: { delimiter: string; quoted: boolean }): AsyncGenerator<ReportLine[]> {
  let lastLine = 0;
  try {
    for await (const batch of csvRecordBatches(source, { ...options, maxRecordSize: LONGEST_LINE })) {
      const refused = batch.findIndex((record) => !record.storable);
      if (refused !== -1) {
        if (refused > 0) yield batch.slice(0, refused);
        assertStorable(batch[refused]!.line, batch[refused]!.cells);
      }
      lastLine = batch[batch.length - 1]!.line;
      yield batch;
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const { lines, column } = error as CsvError & { lines?: number; column?: unknown };
      // The parser counts cells from 0; a refusal names them as a spreadsheet does, from 1.
      const place = typeof column === 'number' ? { column: column + 1 } : { field: 'any' };
      throw new ReportFileError({ line: lines ?? lastLine + 1, ...place }, `cannot be read (${error.message})`);
    }
    throw error;
  }
}

/** Whether a line holds nothing but empty cells. */
export const isBlank = (cells: readonly string[]): boolean => {
  for (const cell of cells) if (cell.trim() !== '') return false;
  return true;
};
