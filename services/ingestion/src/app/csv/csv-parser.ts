import { pipeline, type Readable, type Transform } from 'node:stream';
import { parse, type Options, type Parser } from 'csv-parse';

/**
 * How every CSV of this channel is read: UTF-8 with or without a byte order mark, every value a
 * string (nothing is cast before it is validated), and rows of any length, so a blank line or a
 * row whose trailing empty cells a tool left out keeps its place (its spreadsheet row number).
 */
const CSV_OPTIONS = { bom: true, cast: false, relax_column_count: true, skip_empty_lines: false } as const satisfies Options;

/**
 * The parser over `source` (through `checks` first). An error anywhere, or the reader stopping
 * early, ends the whole chain and closes the source.
 */
export const csvParserOf = (source: Readable, checks: Transform[], options: Options = {}): Parser =>
  pipeline([source, ...checks, parse({ ...CSV_OPTIONS, ...options })], () => undefined) as Parser;
