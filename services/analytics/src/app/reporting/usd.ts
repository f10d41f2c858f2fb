const MICROS_PER_CENT = 10_000n;

/**
 * Revenue kept in micro-units as the `*_usd` decimal string of whole cents ("12.50"), rounded half
 * away from zero as royalties rounds a statement's total; bigint arithmetic only, never a float.
 */
export const microsToUsd = (micros: bigint): string => {
  const negative = micros < 0n;
  const magnitude = negative ? -micros : micros;
  const cents = magnitude / MICROS_PER_CENT + (magnitude % MICROS_PER_CENT >= MICROS_PER_CENT / 2n ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  const text = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return negative && cents > 0n ? `-${text}` : text;
};
