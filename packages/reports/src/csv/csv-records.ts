import { StringDecoder } from 'node:string_decoder';
import { pipeline, Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import { isUnstorableText } from '@sv/platform/text';

/*
 * The records of a CSV file, read as csv-parse reads them (every value a string, rows of any
 * length, blank lines as one empty cell, a byte order mark dropped), but fast where the file is
 * plain. Most report lines hold no quote: such a line is one record, its cells split at the
 * delimiter, with no parser state to walk character by character. From the first line that is not
 * plain (a quote, a stray carriage return, a line longer than a record may be) to the end of the
 * file, csv-parse reads the rest, told of the lines before so its line numbers and refusals are
 * what they would have been.
 */

/** One record, as the parser would hand it out. */
export interface CsvRecord {
  /** The file's line the record ends on (the first is 1), as csv-parse counts lines. */
  line: number;
  cells: string[];
  /** False when a cell holds text no database can store (NUL, a lone surrogate): its reader names the cell. */
  storable: boolean;
}

export interface CsvReadOptions {
  delimiter: string;
  /** Whether `"` quotes a cell (else it is text like any other). */
  quoted: boolean;
  /** csv-parse's max_record_size: longer is refused, naming the line. */
  maxRecordSize: number;
}

const NEWLINE = 10;

/** The parser's settings for the same reading. */
const parserSettings = (options: CsvReadOptions): Options => ({
  bom: true,
  cast: false,
  delimiter: options.delimiter,
  quote: options.quoted ? '"' : false,
  relax_column_count: true,
  skip_empty_lines: false,
  max_record_size: options.maxRecordSize,
});

/**
 * The records of `source`, a batch at a time (those of one chunk of the file), in order. A
 * refusal of the parser (a CsvError) ends the reading after the records before it were handed
 * out. Stopping early, or a refusal, closes `source`.
 */
export async function* csvRecordBatches(source: Readable, options: CsvReadOptions): AsyncGenerator<CsvRecord[]> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const decoder = new StringDecoder('utf8');
  const decode = (chunk: Buffer | string): string => (typeof chunk === 'string' ? chunk : decoder.write(chunk));
  const { delimiter, quoted, maxRecordSize } = options;
  let pending = '';
  let started = false;
  /** The record delimiter as csv-parse discovers it (the first line break of the file); null until seen. */
  let lineBreak: '\n' | '\r\n' | null = null;
  let line = 0;
  let ended = false;
  let plain = true;

  /** Whether a line (without its `\n`) can be read without the parser; `last` when the file ends without a break after it. */
  const isPlain = (text: string, last: boolean): boolean => {
    // The parser's limit is in bytes; a character takes at most three in UTF-8 (a surrogate pair four, for two characters).
    if (text.length > maxRecordSize || (text.length * 3 > maxRecordSize && Buffer.byteLength(text) > maxRecordSize)) return false;
    if (quoted && text.indexOf('"') !== -1) return false;
    const carriageReturn = text.indexOf('\r');
    if (carriageReturn === -1) return lineBreak === '\n' || last;
    return lineBreak === '\r\n' && !last && carriageReturn === text.length - 1;
  };

  try {
    while (plain) {
      const next = await chunks.next();
      if (next.done) {
        pending += decoder.end();
        ended = true;
      } else {
        pending += decode(next.value);
      }
      if (!started) {
        if (pending.charCodeAt(0) === 0xfeff) pending = pending.slice(1);
        started = pending !== '' || ended;
      }
      if (lineBreak === null) {
        // As csv-parse: the first \r or \n of the file tells \n from \r\n; a lone \r is left to the parser.
        const at = pending.search(/[\r\n]/);
        if (at !== -1 && pending.charCodeAt(at) === NEWLINE) lineBreak = '\n';
        else if (at !== -1 && at + 1 < pending.length) {
          if (pending.charCodeAt(at + 1) === NEWLINE) lineBreak = '\r\n';
          else plain = false;
        }
      }
      const batch: CsvRecord[] = [];
      let start = 0;
      if (lineBreak !== null && plain) {
        for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
          let text = pending.slice(start, end);
          if (!isPlain(text, false)) {
            plain = false;
            break;
          }
          if (lineBreak === '\r\n') text = text.slice(0, -1);
          line += 1;
          batch.push({ line, cells: text.split(delimiter), storable: !isUnstorableText(text) });
          start = end + 1;
        }
      }
      pending = start === 0 ? pending : pending.slice(start);
      if (plain && pending.length > maxRecordSize + 2) plain = false;
      if (plain && ended && pending !== '') {
        if (isPlain(pending, true)) {
          line += 1;
          batch.push({ line, cells: pending.split(delimiter), storable: !isUnstorableText(pending) });
          pending = '';
        } else plain = false;
      }
      if (batch.length > 0) yield batch;
      if (ended && plain) return;
    }

    // The rest through the parser, after as many empty lines as were read, so that it counts lines from the same place.
    const before = line;
    const lines = lineBreak ?? '\n';
    async function* rest(): AsyncGenerator<string> {
      yield lines.repeat(before) + pending;
      if (ended) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield decode(next.value);
      yield decoder.end();
    }
    // Records are taken as the parser makes them: one that is refused ends the stream, dropping the records it still held.
    const parsed: CsvRecord[] = [];
    let skipped = 0;
    const settings: Options = {
      ...parserSettings(options),
      on_record: (record, info) => {
        if (skipped < before) {
          skipped += 1;
          return null;
        }
        parsed.push({ line: info.lines, cells: record, storable: !record.some(isUnstorableText) });
        return record;
      },
    };
    const parser = pipeline([Readable.from(rest(), { objectMode: false }), parse(settings)], () => undefined) as unknown as AsyncIterable<string[]>;
    let owed = 0;
    try {
      for await (const record of parser) {
        void record;
        if (owed > 0) {
          owed -= 1;
          continue;
        }
        const batch = parsed.splice(0);
        owed = batch.length - 1;
        yield batch;
      }
    } catch (error) {
      if (parsed.length > 0) yield parsed.splice(0);
      throw error;
    }
  } finally {
    await chunks.return?.();
  }
}
