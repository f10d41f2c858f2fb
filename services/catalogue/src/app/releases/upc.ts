/**
 * GS1 arithmetic of UPC-A (12 digits) and EAN-13 (13 digits): both end in a check digit computed
 * over the digits before it, weighting them 3, 1, 3, … from the right.
 */

/** The check digit of `body` (the digits without the check digit). */
export const checkDigit = (body: string): number => {
  if (!/^\d+$/.test(body)) throw new Error('checkDigit needs digits only');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
};

/** True for 12 or 13 digits whose last digit is the GS1 check digit of the others. */
export const isValidUpc = (code: string): boolean =>
  /^(\d{12}|\d{13})$/.test(code) && checkDigit(code.slice(0, -1)) === Number(code.at(-1));

/**
 * A UPC-A from a GS1 company prefix and a serial: the prefix, the serial zero-padded to fill
 * 11 digits, and the check digit. Throws when the serial no longer fits beside the prefix.
 */
export const composeUpc = (prefix: string, serial: number | bigint): string => {
  if (!/^\d{1,10}$/.test(prefix)) throw new Error('The UPC prefix must be 1 to 10 digits.');
  const width = 11 - prefix.length;
  const digits = BigInt(serial).toString();
  if (BigInt(serial) < 0n || digits.length > width) {
    throw new Error(`The UPC range of prefix ${prefix} is exhausted (serial ${digits} needs more than ${width} digits).`);
  }
  const body = prefix + digits.padStart(width, '0');
  return body + String(checkDigit(body));
};

/**
 * The spellings of one GTIN as a release may carry it: a UPC-A is the EAN-13 with a leading 0,
 * so `012345678905` and `0012345678905` name the same product.
 */
export const sameProductCodes = (code: string): string[] => {
  if (code.length === 12) return [code, `0${code}`];
  if (code.length === 13 && code.startsWith('0')) return [code, code.slice(1)];
  return [code];
};
