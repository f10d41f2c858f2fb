import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse/sync';
import { readSalesHeader } from './csv/sales-lines.ts';
import { splitRecord, unescapeCell } from './dsr/dsr-record.ts';
import { HEAD } from './dsr/dsr-layouts.ts';

/** What a report file is, told from its content. */
export type DetectedFormat =
  | { format: 'dsr'; profile: string; profileVersion: string; messageVersion: string }
  /** The platform's CSV layouts: streams, playlists or charts (analytics), sales (finance). */
  | { format: 'csv'; layout: 'platform' | 'sales' };

/** Enough of a file to see its first record; a DSR's HEAD line is far shorter. */
const PEEK_CHARACTERS = 64 * 1024;

/** The first line that is neither blank nor a `#` comment; a last line without its break only once the text has `ended`. */
const firstMeaningfulLine = (text: string, { ended }: { ended: boolean }): string | undefined => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!ended) lines.pop();
  return lines.find((line) => line.trim() !== '' && !line.startsWith('#'));
};

/**
 * The cells of a CSV header line; none when the line is not one the parser reads (an unclosed
 * quote): the reader of the layout then refuses it, naming the line and column.
 */
const headerCells = (line: string | undefined): string[] => {
  if (line === undefined) return [];
  try {
    return (parse(line, { relax_column_count: true, relax_quotes: true })[0] as string[] | undefined) ?? [];
  } catch (error) {
    if (error instanceof CsvError) return [];
    throw error;
  }
};

/**
 * Tells a DSR flat file from a CSV report by its first line that is neither blank nor a `#`
 * comment: a DSR's is its HEAD record, which names the profile and its version. A CSV whose header
 * names `amount` and `isrc` or `upc` is a sales report; any other CSV is read through the
 * platform's streaming layouts. Reads at most the first 64 KB, then closes `source` (open the file
 * again to read it).
 */
export const detectReportFormat = async (source: Readable): Promise<DetectedFormat> => {
  let text = '';
  let first: string | undefined;
  try {
    for await (const chunk of source) {
      text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
      first = firstMeaningfulLine(text, { ended: false });
      if (first !== undefined || text.length >= PEEK_CHARACTERS) break;
    }
  } finally {
    source.destroy();
  }
  first ??= firstMeaningfulLine(text, { ended: true });
  if (first !== undefined && /^HEAD\t/i.test(first)) {
    const head = splitRecord(first, 1);
    const cell = (position: number) => unescapeCell(head.raw[position - 1] ?? '').trim();
    return { format: 'dsr', profile: cell(HEAD.at.Profile!), profileVersion: cell(HEAD.at.ProfileVersion!), messageVersion: cell(HEAD.at.MessageVersion!) };
  }
  return { format: 'csv', layout: readSalesHeader(headerCells(first)) ? 'sales' : 'platform' };
};
