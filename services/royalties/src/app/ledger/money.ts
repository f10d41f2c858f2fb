import { plainDecimal } from '@sv/contracts';

/** Revenue is kept in micro-units (six decimals), ledger amounts in cents; both as bigint. */
export const MICROS_SCALE = 6;
export const CENTS_SCALE = 2;
const MICROS_PER_CENT = 10_000n;

/** The range of a Postgres bigint column: every stored amount and total must fall inside it. */
export const STORABLE_MAX = 2n ** 63n - 1n;
export const STORABLE_MIN = -(2n ** 63n);

/** True when a sum (worked out exactly, as bigint) fits the bigint column it is stored in. */
export const isStorable = (units: bigint): boolean => units >= STORABLE_MIN && units <= STORABLE_MAX;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string ("12.5", "-0.000001") as an integer count of 10^-scale units, by string
 * arithmetic only. More decimals than `scale` is refused rather than rounded away.
 */
export const decimalToMinor = (text: string, scale: number): bigint => {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal number: ${text}`);
  const [, sign = '', whole = '', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) throw new RangeError(`More than ${scale} decimals: ${text}`);
  const units = BigInt(whole + significant.padEnd(scale, '0'));
  return sign === '-' ? -units : units;
};

/** A JSON number (as the client wrote it) in 10^-scale units. */
export const numberToMinor = (value: number, scale: number): bigint => decimalToMinor(plainDecimal(value), scale);

/** Units of 10^-scale back as a decimal string with exactly `scale` decimals ("12.50"). */
export const minorToDecimal = (units: bigint, scale: number): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
};

/** Micro-units as the JSON number a reply shows (the nearest double to the exact decimal). */
export const microsToNumber = (micros: bigint): number => Number(minorToDecimal(micros, MICROS_SCALE));

/** Cents as the `*_usd` decimal string ("12.50"). */
export const centsToUsd = (cents: bigint): string => minorToDecimal(cents, CENTS_SCALE);

/** Micro-units to cents, half away from zero (a statement's total). */
export const roundMicrosToCents = (micros: bigint): bigint => {
  const magnitude = micros < 0n ? -micros : micros;
  const cents = magnitude / MICROS_PER_CENT + (magnitude % MICROS_PER_CENT >= MICROS_PER_CENT / 2n ? 1n : 0n);
  return micros < 0n ? -cents : cents;
};
