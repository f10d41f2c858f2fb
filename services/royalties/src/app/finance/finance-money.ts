/*
 * The arithmetic of finance, pure and exact: amounts are bigint counts of a unit (millionths of
 * the currency unit for report lines, minor units for statements), read from and written as
 * decimal strings, never through a float.
 */

/** Report lines carry up to six decimals: stores pay fractions of a cent per stream. */
export const MICROS_DECIMALS = 6;
/** Statements and payouts are in minor units; every currency is taken as having two decimals. */
export const MINOR_DECIMALS = 2;
const MICROS_PER_MINOR = 10n ** BigInt(MICROS_DECIMALS - MINOR_DECIMALS);

const UNSIGNED_DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/** An unsigned decimal string ("12.5", "0.000001") in millionths, or undefined when it is not one or has more than six decimals. */
export const parseMicros = (text: string): bigint | undefined => {
  const match = UNSIGNED_DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > MICROS_DECIMALS) return undefined;
  return BigInt(whole + significant.padEnd(MICROS_DECIMALS, '0'));
};

/** A count of 10^-decimals units as a decimal string with exactly that many decimals. */
export const formatUnits = (units: bigint, decimals: number): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const text = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
};

export const formatMicros = (micros: bigint): string => formatUnits(micros, MICROS_DECIMALS);

/** Millionths to minor units, half up (amounts here are never negative). */
export const roundMicrosToMinor = (micros: bigint): bigint => {
  const quotient = micros / MICROS_PER_MINOR;
  return micros % MICROS_PER_MINOR >= MICROS_PER_MINOR / 2n ? quotient + 1n : quotient;
};
