import { formatMicros, parseMicros } from '../values/micros.ts';

/*
 * A store's report line, checked. Every cell arrives as a string (a CSV cell, or a JSON line's
 * value) and is read here only: nothing is cast before it is validated, and the amount never
 * passes through a float.
 */

/** The columns a report may carry; others are ignored (stores add their own). */
export const SALES_COLUMNS = ['isrc', 'upc', 'territory', 'store', 'units', 'amount'] as const;
export type SalesColumn = (typeof SALES_COLUMNS)[number];
export type RawSalesLine = Partial<Record<SalesColumn, string | null | undefined>>;

export interface SalesLine {
  isrc: string | null;
  upc: string | null;
  territory: string | null;
  store: string | null;
  units: number;
  amountMicros: bigint;
}

export type LineCheck = { ok: true; line: SalesLine } | { ok: false; errors: { column: SalesColumn; message: string }[] };

/** The largest amount one line may carry, in millionths (as for royalty lines): a report of many still sums exactly. */
export const LARGEST_LINE_MICROS = 999_999_999_999_999_999n;

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
const UPC = /^\d{12,14}$/;
const UNITS = /^\d{1,15}$/;
const TERRITORY = /^[A-Z]{2}$/;

/** A header (trimmed, any case) that names `amount` and at least one of `isrc`, `upc`; the column index of each known name. */
export const readSalesHeader = (cells: readonly string[]): Map<SalesColumn, number> | undefined => {
  const columns = new Map<SalesColumn, number>();
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase() as SalesColumn;
    if ((SALES_COLUMNS as readonly string[]).includes(name) && !columns.has(name)) columns.set(name, index);
  });
  return columns.has('amount') && (columns.has('isrc') || columns.has('upc')) ? columns : undefined;
};

const text = (value: string | null | undefined): string => (value ?? '').trim();

/** Checks one line; all of its faults at once, each at its column. */
export const checkSalesLine = (raw: RawSalesLine): LineCheck => {
  const errors: { column: SalesColumn; message: string }[] = [];
  const isrc = text(raw.isrc).replace(/[-\s]/g, '').toUpperCase();
  const upc = text(raw.upc).replace(/\s/g, '');
  if (isrc !== '' && !ISRC.test(isrc)) errors.push({ column: 'isrc', message: 'The isrc must be 12 characters: country, registrant, year and designation.' });
  if (upc !== '' && !UPC.test(upc)) errors.push({ column: 'upc', message: 'The upc must be 12 to 14 digits.' });
  if (isrc === '' && upc === '') errors.push({ column: 'isrc', message: 'Each row needs an isrc or a upc.' });
  const territory = text(raw.territory).toUpperCase();
  if (territory !== '' && !TERRITORY.test(territory)) errors.push({ column: 'territory', message: 'The territory must be a two-letter country code.' });
  const store = text(raw.store);
  if (store.length > 255) errors.push({ column: 'store', message: 'The store may not be longer than 255 characters.' });
  const units = text(raw.units);
  if (units !== '' && !UNITS.test(units)) errors.push({ column: 'units', message: 'The units must be a whole number of at least 0.' });
  const amountText = text(raw.amount);
  const amountMicros = amountText === '' ? undefined : parseMicros(amountText);
  if (amountText === '') errors.push({ column: 'amount', message: 'The amount is required.' });
  else if (amountMicros === undefined) errors.push({ column: 'amount', message: 'The amount must be a decimal of at least 0 with at most 6 decimals.' });
  else if (amountMicros > LARGEST_LINE_MICROS) errors.push({ column: 'amount', message: `The amount may not be greater than ${formatMicros(LARGEST_LINE_MICROS)}.` });
  if (errors.length > 0 || amountMicros === undefined) return { ok: false, errors };
  return {
    ok: true,
    line: {
      isrc: isrc || null,
      upc: upc || null,
      territory: territory || null,
      store: store || null,
      units: units === '' ? 0 : Number(units),
      amountMicros,
    },
  };
};
