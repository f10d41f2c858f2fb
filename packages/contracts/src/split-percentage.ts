import { z } from 'zod';
import { plainDecimal } from './royalties.ts';

/*
 * A royalty split's percentage: finer than the two decimals of a credit's ownership share, so a
 * track split in thirds can be written 33.333 and kept exactly as written.
 */

/** Decimals a split percentage may have. */
export const SPLIT_PERCENTAGE_DECIMALS = 4;

/** Millionths of the whole in one percent: 33.3333 % is 333 333 millionths. */
export const MILLIONTHS_PER_PERCENT = 10_000;

const PERCENTAGE_TEXT = /^(\d{1,3})(?:\.(\d+))?$/;

const decimalsMessage = `The percentage may have at most ${SPLIT_PERCENTAGE_DECIMALS} decimals.`;
const rangeMessage = 'The percentage must be between 0 and 100.';

/**
 * A percentage (as its plain decimal text) in millionths of the whole, read digit by digit so no
 * float rounding can creep in; undefined when it is not a decimal or has too many decimals.
 */
const millionthsOfText = (text: string): number | undefined => {
  const match = PERCENTAGE_TEXT.exec(text);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > SPLIT_PERCENTAGE_DECIMALS) return undefined;
  return Number(whole) * MILLIONTHS_PER_PERCENT + Number(significant.padEnd(SPLIT_PERCENTAGE_DECIMALS, '0'));
};

/** A percentage in millionths of the whole (100 % is 1 000 000), or undefined when it is no split percentage. */
export const millionthsOfPercentage = (percentage: number): number | undefined =>
  Number.isFinite(percentage) && percentage >= 0 && percentage <= 100 ? millionthsOfText(plainDecimal(percentage)) : undefined;

/** A split percentage already checked by `SplitPercentage`, in millionths of the whole. */
export const percentageInMillionths = (percentage: number): number => {
  const millionths = millionthsOfPercentage(percentage);
  if (millionths === undefined) throw new RangeError(`Not a split percentage: ${percentage}`);
  return millionths;
};

/** Millionths back as the percentage that was sent: integer division by a power of ten gives the nearest double, as JSON parsing would. */
export const millionthsToPercentage = (millionths: number): number => millionths / MILLIONTHS_PER_PERCENT;

/** 0 to 100 with at most four decimals: a JSON number, or a numeric string such as "33.3333". */
export const SplitPercentage = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d+)?$/, `The percentage must be a number between 0 and 100 with at most ${SPLIT_PERCENTAGE_DECIMALS} decimals.`)
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .min(0, rangeMessage)
      .max(100, rangeMessage)
      .refine((value) => millionthsOfText(plainDecimal(Math.abs(value))) !== undefined, decimalsMessage),
  );
