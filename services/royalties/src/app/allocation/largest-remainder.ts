/*
 * The one rounding rule of royalties: whole units handed out so that they always sum to a stated
 * total, each part as close to its exact value as whole units allow.
 */

const sign = (value: bigint): bigint => (value > 0n ? 1n : value < 0n ? -1n : 0n);
const magnitude = (value: bigint): bigint => (value < 0n ? -value : value);

/** Sorts descending by magnitude: `a` first when it is the larger. */
const byLargerMagnitude = (a: bigint, b: bigint): number => {
  const difference = magnitude(b) - magnitude(a);
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
};

/**
 * Apportions `total` whole units among parts whose exact values are `exact[i] / denominator`, by
 * the largest-remainder rule. Each part first gets its exact value cut to a whole unit toward zero;
 * the units still missing from `total` go one each to the parts that the cut took the most from
 * (ties to the larger exact part, then to the earlier one). So every part is its exact value rounded
 * down or up, never further off, and the parts always sum to `total`.
 *
 * Signs are kept, not folded: a part's cut and what it lost are measured on its magnitude, so
 * apportioning `-total` over `-exact` gives exactly the negated parts. When exact parts of both signs
 * meet (a payee owed money and a payee owing an adjustment), a missing positive unit goes only to a
 * part with something positive cut off, a missing negative unit only to one with something negative.
 *
 * `total` must be within reach: at most as far from the sum of the cut parts as there are parts that
 * lost something in that direction, which holds whenever `total` is the exact sum (an integer) or the
 * exact sum rounded to a whole unit. Anything else is a defect in the caller, refused with a RangeError.
 */
export const apportion = (total: bigint, exact: readonly bigint[], denominator: bigint): bigint[] => {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive.');
  // BigInt division truncates toward zero, so the cut keeps each part's sign.
  const parts = exact.map((value) => value / denominator);
  let missing = total - parts.reduce((sum, part) => sum + part, 0n);
  if (missing === 0n) return parts;
  const direction = sign(missing);
  const candidates = exact
    .map((value, index) => ({ index, value, lost: value % denominator }))
    .filter((part) => sign(part.lost) === direction)
    .sort((a, b) => byLargerMagnitude(a.lost, b.lost) || byLargerMagnitude(a.value, b.value) || a.index - b.index);
  if (BigInt(candidates.length) < magnitude(missing)) throw new RangeError('The total is out of reach of the exact parts.');
  for (const { index } of candidates) {
    if (missing === 0n) break;
    parts[index]! += direction;
    missing -= direction;
  }
  return parts;
};
