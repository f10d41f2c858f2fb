import { pipeline, Readable } from 'node:stream';
import fc from 'fast-check';
import { CsvError, parse } from 'csv-parse';
import { csvRecordBatches, type CsvReadOptions } from '../src/csv/csv-records.ts';

/** The text's bytes in chunks of the given sizes, in turn: a chunk may end inside a line, a line break or a character. */
const chunksOf = (text: string, sizes: number[]): Readable => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0, turn = 0; at < bytes.length; turn += 1) {
    const size = sizes[turn % sizes.length]!;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return Readable.from(chunks);
};

const shownError = (error: unknown): string => {
  if (!(error instanceof CsvError)) throw error;
  const { lines, column } = error as CsvError & { lines?: number; column?: number };
  return `refused: ${error.code} ${error.message} (line ${lines}, column ${column})`;
};

/** What csv-parse alone makes of the text: every record it makes, with its line, up to its refusal if any. */
const byParser = async (text: string, sizes: number[], options: CsvReadOptions): Promise<string[]> => {
  const made: string[] = [];
  const parser = parse({
    bom: true,
    cast: false,
    delimiter: options.delimiter,
    quote: options.quoted ? '"' : false,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: options.maxRecordSize,
    on_record: (record, info) => {
      made.push(`${info.lines}: ${JSON.stringify(record)}`);
      return record;
    },
  });
  try {
    for await (const record of pipeline([chunksOf(text, sizes), parser], () => undefined) as unknown as AsyncIterable<string[]>) void record;
  } catch (error) {
    made.push(shownError(error));
  }
  return made;
};

const byReader = async (text: string, sizes: number[], options: CsvReadOptions): Promise<string[]> => {
  const made: string[] = [];
  try {
    for await (const batch of csvRecordBatches(chunksOf(text, sizes), options)) for (const record of batch) made.push(`${record.line}: ${JSON.stringify(record.cells)}`);
  } catch (error) {
    made.push(shownError(error));
  }
  return made;
};

/** Mostly plain lines, with now and then what only the parser reads: quotes, carriage returns, a byte order mark, characters of several bytes. */
const csvText = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.constantFrom('a', 'b', 'é', '𝄞', ' ', ',', ',', '\n', '\n', '\r\n', '"', '\r', '\0'), { maxLength: 120 }),
  )
  .map(([bom, characters]) => `${bom ? '\uFEFF' : ''}${characters.join('')}`);

describe('reading CSV records, plain lines without the parser', () => {
  it('hands out the records, lines and refusals csv-parse does, however the file is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        csvText,
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom(6, 1024),
        async (text, sizes, quoted, maxRecordSize) => {
          const options = { delimiter: ',', quoted, maxRecordSize };
          expect(await byReader(text, sizes, options)).toEqual(await byParser(text, sizes, options));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('tells whether a record can be stored, and leaves the parser the rest of a file from its first quoted line', async () => {
    const batches = [];
    for await (const batch of csvRecordBatches(chunksOf('a,b\nc,d\u0000\n"e,f",g\nh,i\n', [5]), { delimiter: ',', quoted: true, maxRecordSize: 1024 })) batches.push(batch);
    expect(batches.flat()).toEqual([
      { line: 1, cells: ['a', 'b'], storable: true },
      { line: 2, cells: ['c', 'd\u0000'], storable: false },
      { line: 3, cells: ['e,f', 'g'], storable: true },
      { line: 4, cells: ['h', 'i'], storable: true },
    ]);
  });
});
