import { ISO_3166_1_ALPHA_2, isCalendarDate } from '@sv/contracts';
import { ReportFileError, type ReportPlace } from '../report-file-error.ts';
import { decimalProblem, normaliseDecimal } from './decimal.ts';

/*
 * Reading one cell of a report line: each reader either answers the value kept or refuses the
 * whole file, naming the line and the cell.
 */

const refuse = (at: ReportPlace, reason: string): never => {
  throw new ReportFileError(at, reason);
};

const shown = (value: string): string => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** Longest title, artist, playlist or chart name kept; longer text is a sign of a misread file. */
export const LONGEST_TEXT = 500;

export const readText = (value: string | undefined, at: ReportPlace, options: { required?: boolean } = {}): string => {
  const text = (value ?? '').trim();
  if (options.required && text === '') refuse(at, 'is required');
  if (text.length > LONGEST_TEXT) refuse(at, `is longer than ${LONGEST_TEXT} characters`);
  return text;
};

/** Days already found to be calendar days: a report names a few hundred at most, on every line, and checking one takes a Date. */
const KNOWN_DAYS = new Set<string>();
const MOST_DAYS_KEPT = 10_000;

/** A calendar day written YYYY-MM-DD (or YYYYMMDD where `compact`, as DSR files may write it). */
export const readDay = (value: string | undefined, at: ReportPlace, options: { compact?: boolean } = {}): string => {
  const text = (value ?? '').trim();
  if (KNOWN_DAYS.has(text)) return text;
  const day = options.compact && /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}` : text;
  if (!KNOWN_DAYS.has(day)) {
    if (!isCalendarDate(day)) refuse(at, `must be a date written YYYY-MM-DD (got ${shown(text)})`);
    if (KNOWN_DAYS.size < MOST_DAYS_KEPT) KNOWN_DAYS.add(day);
  }
  return day;
};

/** Counts above this cannot be summed exactly in JavaScript; no report line holds one. */
export const LARGEST_COUNT = 1_000_000_000_000;

/** Whether a (non-empty) text is digits only: most counts are, and are then read without a regular expression. */
const onlyDigits = (text: string): boolean => {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
};

/**
 * A whole number of zero or more; an empty cell is zero unless the column is required. A decimal
 * with only zeros after its point (`12.0`, as layouts that type usages as decimals write them) is
 * that whole number.
 */
export const readCount = (value: string | undefined, at: ReportPlace, options: { required?: boolean } = {}): number => {
  const text = (value ?? '').trim();
  if (text === '') return options.required ? refuse(at, 'is required') : 0;
  if (onlyDigits(text)) {
    const count = Number(text);
    return count > LARGEST_COUNT ? refuse(at, `is larger than ${LARGEST_COUNT}`) : count;
  }
  if (!/^\d+(\.0*)?$/.test(text)) refuse(at, `must be a whole number of zero or more (got ${shown(text)})`);
  const count = Number(text.replace(/\.0*$/, ''));
  if (count > LARGEST_COUNT) refuse(at, `is larger than ${LARGEST_COUNT}`);
  return count;
};

/** A chart position (1 or more); an empty cell is null unless required. */
export const readPosition = (value: string | undefined, at: ReportPlace, options: { required?: boolean } = {}): number | null => {
  const text = (value ?? '').trim();
  if (text === '') return options.required ? refuse(at, 'is required') : null;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 100_000) refuse(at, `must be a position of 1 or more (got ${shown(text)})`);
  return Number(text);
};

/** Stores that split no territories report the world: DDEX writes `Worldwide`, the platform `WW`. */
const WORLDWIDE = new Set(['WW', 'WORLDWIDE']);

/** An ISO 3166-1 alpha-2 code in any case, or the world (`WW`, `Worldwide`). */
export const readTerritory = (value: string | undefined, at: ReportPlace): string => {
  const code = (value ?? '').trim().toUpperCase();
  if (WORLDWIDE.has(code)) return 'WW';
  if (!ISO_3166_1_ALPHA_2.has(code)) refuse(at, `must be an ISO 3166-1 alpha-2 territory code or WW (got ${shown(code)})`);
  return code;
};

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** An ISRC in any case, hyphens allowed; null when the cell is empty. */
export const readIsrc = (value: string | undefined, at: ReportPlace): string | null => {
  const code = (value ?? '').trim().toUpperCase().replaceAll('-', '');
  if (code === '') return null;
  if (!ISRC.test(code)) refuse(at, `must be an ISRC like USRC17607839 (got ${shown(code)})`);
  return code;
};

/** A UPC, EAN or GTIN-14 (12 to 14 digits, as DDEX's ICPN); null when the cell is empty. */
export const readUpc = (value: string | undefined, at: ReportPlace): string | null => {
  const code = (value ?? '').trim();
  if (code === '') return null;
  if (!/^\d{12,14}$/.test(code)) refuse(at, `must be a UPC or EAN of 12 to 14 digits (got ${shown(code)})`);
  return code;
};

/** A store's name as the platform keeps it; null when the cell is empty. */
export const readStore = (value: string | undefined, at: ReportPlace): string | null => {
  const name = readText(value, at);
  if (name.length > 100) refuse(at, 'is longer than 100 characters');
  return name === '' ? null : name;
};

/** The ISO 4217 codes the runtime knows (ICU's list), read once. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code in any case; null when the cell is empty unless required. */
export const readCurrency = (value: string | undefined, at: ReportPlace, options: { required?: boolean } = {}): string | null => {
  const code = (value ?? '').trim().toUpperCase();
  if (code === '') return options.required ? refuse(at, 'is required') : null;
  if (!CURRENCIES.has(code)) refuse(at, `must be an ISO 4217 currency code like USD (got ${shown(code)})`);
  return code;
};

/** An amount of money as an exact decimal string in normal form; null when the cell is empty unless required. */
export const readAmount = (value: string | undefined, at: ReportPlace, options: { required?: boolean } = {}): string | null => {
  const text = (value ?? '').trim();
  if (text === '') return options.required ? refuse(at, 'is required') : null;
  const problem = decimalProblem(text);
  if (problem) refuse(at, `${problem} (got ${shown(text)})`);
  return normaliseDecimal(text);
};
