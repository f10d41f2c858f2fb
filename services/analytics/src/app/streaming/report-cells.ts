import { ISO_3166_1_ALPHA_2, isCalendarDate } from '@sv/contracts';
import { MalformedReportError } from './streaming.errors.ts';

/*
 * Reading one cell of a report line: each reader either answers the value the platform keeps or
 * refuses the whole file, naming the line and the column.
 */

/** Where a cell is, for the refusal that names it. */
export interface CellAt {
  line: number;
  column: string;
}

const refuse = (at: CellAt, reason: string): never => {
  throw new MalformedReportError(at.line, at.column, reason);
};

const shown = (value: string): string => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** Longest title, artist, playlist or chart name kept; longer text is a sign of a misread file. */
const LONGEST_TEXT = 500;

export const readText = (value: string | undefined, at: CellAt, options: { required?: boolean } = {}): string => {
  const text = (value ?? '').trim();
  if (options.required && text === '') refuse(at, 'is required');
  if (text.length > LONGEST_TEXT) refuse(at, `is longer than ${LONGEST_TEXT} characters`);
  return text;
};

/** A calendar day written YYYY-MM-DD (a DSR header may also write YYYYMMDD). */
export const readDay = (value: string | undefined, at: CellAt, options: { compact?: boolean } = {}): string => {
  const text = (value ?? '').trim();
  const day = options.compact && /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}` : text;
  if (!isCalendarDate(day)) refuse(at, `must be a date written YYYY-MM-DD (got ${shown(text)})`);
  return day;
};

/** Counts above this cannot be summed exactly in JavaScript; no report line holds one. */
const LARGEST_COUNT = 1_000_000_000_000;

/** A whole number of zero or more; an empty cell is zero unless the column is required. */
export const readCount = (value: string | undefined, at: CellAt, options: { required?: boolean } = {}): number => {
  const text = (value ?? '').trim();
  if (text === '') return options.required ? refuse(at, 'is required') : 0;
  if (!/^\d+$/.test(text)) refuse(at, `must be a whole number of zero or more (got ${shown(text)})`);
  const count = Number(text);
  if (count > LARGEST_COUNT) refuse(at, `is larger than ${LARGEST_COUNT}`);
  return count;
};

/** A chart position (1 or more); an empty cell is null unless required. */
export const readPosition = (value: string | undefined, at: CellAt, options: { required?: boolean } = {}): number | null => {
  const text = (value ?? '').trim();
  if (text === '') return options.required ? refuse(at, 'is required') : null;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 100_000) refuse(at, `must be a position of 1 or more (got ${shown(text)})`);
  return Number(text);
};

/** Stores that split no territories report the world: DDEX writes `Worldwide`, the platform `WW`. */
const WORLDWIDE = new Set(['WW', 'WORLDWIDE']);

/** An ISO 3166-1 alpha-2 code in any case, or the world (`WW`, `Worldwide`). */
export const readTerritory = (value: string | undefined, at: CellAt): string => {
  const code = (value ?? '').trim().toUpperCase();
  if (WORLDWIDE.has(code)) return 'WW';
  if (!ISO_3166_1_ALPHA_2.has(code)) refuse(at, `must be an ISO 3166-1 alpha-2 territory code or WW (got ${shown(code)})`);
  return code;
};

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** An ISRC in any case, hyphens allowed; null when the cell is empty. */
export const readIsrc = (value: string | undefined, at: CellAt): string | null => {
  const code = (value ?? '').trim().toUpperCase().replaceAll('-', '');
  if (code === '') return null;
  if (!ISRC.test(code)) refuse(at, `must be an ISRC like USRC17607839 (got ${shown(code)})`);
  return code;
};

/** A UPC, EAN or GTIN-14 (12 to 14 digits); null when the cell is empty. */
export const readUpc = (value: string | undefined, at: CellAt): string | null => {
  const code = (value ?? '').trim();
  if (code === '') return null;
  if (!/^\d{12,14}$/.test(code)) refuse(at, `must be a UPC or EAN of 12 to 14 digits (got ${shown(code)})`);
  return code;
};

/** A store's name as the platform keeps it; null when the cell is empty. */
export const readStore = (value: string | undefined, at: CellAt): string | null => {
  const name = readText(value, at);
  if (name.length > 100) refuse(at, 'is longer than 100 characters');
  return name === '' ? null : name;
};
