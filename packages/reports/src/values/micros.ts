/*
 * Amounts in millionths of the currency unit (a bigint), as the platform keeps report lines:
 * read from and written as decimal strings, never through a float.
 */

export const MICROS_DECIMALS = 6;

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

/** Millionths as a decimal string with six decimals. */
export const formatMicros = (micros: bigint): string => {
  const negative = micros < 0n;
  const digits = (negative ? -micros : micros).toString().padStart(MICROS_DECIMALS + 1, '0');
  const text = `${digits.slice(0, -MICROS_DECIMALS)}.${digits.slice(-MICROS_DECIMALS)}`;
  return negative ? `-${text}` : text;
};

/**
 * A whole number of millionths held exactly in a number (a safe integer) as a decimal in normal
 * form, as normaliseDecimal(formatMicros(BigInt(micros))) writes it, without a bigint.
 */
export const microsDecimal = (micros: number): string => {
  const negative = micros < 0;
  const size = negative ? -micros : micros;
  // Remainder first: both it and the division that follows are exact on safe integers.
  const fraction = size % 1_000_000;
  let text = String((size - fraction) / 1_000_000);
  if (fraction !== 0) {
    const digits = String(fraction).padStart(MICROS_DECIMALS, '0');
    let to = digits.length;
    while (digits.charCodeAt(to - 1) === 48) to -= 1;
    text = `${text}.${digits.slice(0, to)}`;
  }
  return negative && text !== '0' ? `-${text}` : text;
};
