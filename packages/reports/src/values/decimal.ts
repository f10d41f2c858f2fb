/*
 * Money as exact decimal strings: read, normalised and summed through bigint, never a float.
 * Normal form: an optional `-`, no leading zeros, no trailing fractional zeros (`12.5`, `0`,
 * `-0.000125`).
 */

/** More digits than any amount a store reports; a longer number is a sign of a misread file. */
export const MOST_INTEGER_DIGITS = 18;
export const MOST_FRACTION_DIGITS = 18;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

interface Scaled {
  units: bigint;
  scale: number;
}

const scaled = (amount: string): Scaled => {
  const [, sign = '', whole = '', fraction = ''] = DECIMAL.exec(amount)!;
  const units = BigInt(`${whole}${fraction}` || '0');
  return { units: sign === '-' ? -units : units, scale: fraction.length };
};

const written = ({ units, scale }: Scaled): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative && text !== '0' ? `-${text}` : text;
};

/** Why `text` is not a decimal this reader keeps, or undefined when it is one. */
export const decimalProblem = (text: string, match: RegExpExecArray | null = DECIMAL.exec(text)): string | undefined => {
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return 'must be a decimal number like 12.34';
  if (match[2]!.replace(/^0+/, '').length > MOST_INTEGER_DIGITS) return `has more than ${MOST_INTEGER_DIGITS} digits before the decimal point`;
  if ((match[3] ?? '').length > MOST_FRACTION_DIGITS) return `has more than ${MOST_FRACTION_DIGITS} decimals`;
  return undefined;
};

/** A decimal in normal form; throws RangeError when `text` is not one (see decimalProblem). */
export const normaliseDecimal = (text: string): string => {
  const match = DECIMAL.exec(text);
  const problem = decimalProblem(text, match);
  if (problem) throw new RangeError(`${JSON.stringify(text)} ${problem}`);
  // By the digits alone, as `written(scaled(text))` would write them, without a bigint.
  const [, sign, whole = '', fraction = ''] = match!;
  let from = 0;
  while (from < whole.length - 1 && whole.charCodeAt(from) === 48) from += 1;
  let to = fraction.length;
  while (to > 0 && fraction.charCodeAt(to - 1) === 48) to -= 1;
  const integer = whole === '' ? '0' : whole.slice(from);
  const digits = to === 0 ? integer : `${integer}.${fraction.slice(0, to)}`;
  return sign === '-' && digits !== '0' ? `-${digits}` : digits;
};

/** The exact sum of decimals, in normal form. */
export const addDecimals = (...amounts: readonly string[]): string => {
  const parts = amounts.map((amount) => scaled(normaliseDecimal(amount)));
  const scale = Math.max(0, ...parts.map((part) => part.scale));
  const units = parts.reduce((sum, part) => sum + part.units * 10n ** BigInt(scale - part.scale), 0n);
  return written({ units, scale });
};

/**
 * A decimal in millionths of its unit (the platform's money unit for report lines); undefined when
 * it has more than six significant decimals, since that could not be kept exactly.
 */
export const decimalToMicros = (amount: string): bigint | undefined => {
  const { units, scale } = scaled(normaliseDecimal(amount));
  if (scale <= 6) return units * 10n ** BigInt(6 - scale);
  const divisor = 10n ** BigInt(scale - 6);
  return units % divisor === 0n ? units / divisor : undefined;
};
