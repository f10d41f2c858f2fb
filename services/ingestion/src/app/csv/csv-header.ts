import type { Readable } from 'node:stream';
import { CsvError } from 'csv-parse';
import { REQUIRED_CSV_COLUMNS, columnNameOf } from './csv-columns.ts';
import { csvParserOf } from './csv-parser.ts';

/** Far more than any header of the documented columns takes; a first row longer than this is not a header. */
const MAX_HEADER_CHARACTERS = 64 * 1024;

/**
 * The column names of a CSV's first row, reading no further than that row; undefined when the
 * file is empty or its first row is not readable CSV.
 */
export const readCsvHeader = async (source: Readable): Promise<string[] | undefined> => {
  try {
    for await (const record of csvParserOf(source, [], { to: 1, max_record_size: MAX_HEADER_CHARACTERS })) return (record as string[]).map(columnNameOf);
    return undefined;
  } catch (error) {
    if (error instanceof CsvError) return undefined;
    throw error;
  } finally {
    source.destroy();
  }
};

/** The spec's required columns a header lacks. */
export const missingRequiredColumns = (columns: readonly string[]): string[] => REQUIRED_CSV_COLUMNS.filter((column) => !columns.includes(column));
