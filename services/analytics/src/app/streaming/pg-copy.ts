import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type CopyValue = string | number | null;

/** A value in COPY's text format: `\N` for null; backslash, tab and line breaks escaped. */
const copyText = (value: CopyValue): string => {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (character) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[character]!);
};

/** Lines are sent in chunks of about this many characters, not one write per row. */
const CHUNK = 64 * 1024;

async function* copyLines(rows: AsyncIterable<CopyValue[]>): AsyncGenerator<string> {
  let chunk = '';
  for await (const row of rows) {
    chunk += `${row.map(copyText).join('\t')}\n`;
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/**
 * Bulk-loads `rows` into `table` with COPY FROM STDIN, streamed with back-pressure: the rows are
 * read as fast as Postgres takes them. A failure while reading them (a malformed line) aborts the
 * COPY; the caller's transaction is then rolled back.
 */
export const copyRows = async (client: pg.Client, table: string, columns: readonly string[], rows: AsyncIterable<CopyValue[]>): Promise<void> => {
  const target = client.query(copyFrom(`copy ${table} (${columns.map((column) => `"${column}"`).join(', ')}) from stdin`));
  await pipeline(Readable.from(copyLines(rows)), target);
};
