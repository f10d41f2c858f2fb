import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type CopyValue = string | number | null;

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format: `\N` for null; backslash, tab and line breaks escaped (tested first: most values have none). */
const copyText = (value: CopyValue): string => {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character]!) : value;
};

/** One row as a line of COPY's text format. */
export const copyLine = (values: readonly CopyValue[]): string => {
  let line = copyText(values[0] ?? null);
  for (let index = 1; index < values.length; index++) line += `\t${copyText(values[index]!)}`;
  return `${line}\n`;
};

/** Lines are sent in chunks of about this many characters, not one write per row. */
export const COPY_CHUNK = 256 * 1024;

/**
 * Bulk-loads `chunks` (whole lines of COPY's text format, see copyLine) into `table` with COPY
 * FROM STDIN, streamed with back-pressure: they are read as fast as Postgres takes them. A failure
 * while reading them (a malformed line) aborts the COPY; the caller's transaction is then rolled back.
 */
export const copyChunks = async (client: pg.Client, table: string, columns: readonly string[], chunks: AsyncIterable<string>): Promise<void> => {
  const target = client.query(copyFrom(`copy ${table} (${columns.map((column) => `"${column}"`).join(', ')}) from stdin`));
  await pipeline(Readable.from(chunks), target);
};
