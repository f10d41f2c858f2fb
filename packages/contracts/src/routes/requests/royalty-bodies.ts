import { z } from 'zod';
import { Messages } from '../../messages.ts';
import { decimalPlaces } from '../../royalties.ts';
import { millionthsOfPercentage, MILLIONTHS_PER_PERCENT, SplitPercentage } from '../../split-percentage.ts';

// A split's percentage travels with the split body that carries it.
export { millionthsToPercentage, percentageInMillionths, SplitPercentage, SPLIT_PERCENTAGE_DECIMALS } from '../../split-percentage.ts';

/** Smallest withdrawal, in US dollars (spec, Limits). */
export const MINIMUM_WITHDRAWAL_USD = 10;

/** POST /royalties/withdrawals. */
export const WithdrawalBody = z.object({
  amount_usd: z
    .number({ error: 'The amount_usd field is required.' })
    .min(MINIMUM_WITHDRAWAL_USD, 'The amount_usd must be at least 10.00.')
    // Whole cents, judged on the number as written rather than by float arithmetic.
    .refine((value) => decimalPlaces(value) <= 2, Messages.amountDecimals),
  note: z.string().trim().max(500).optional(),
});
export type WithdrawalBody = z.infer<typeof WithdrawalBody>;

const statementPeriod = z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The period must be a month written YYYY-MM.');

/** POST /royalties: a file-level statement for one period; its lines follow through /line-items. */
export const CreateRoyaltyStatementBody = z.object({
  period: statementPeriod,
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'The currency must be an ISO 4217 code.')
    .transform((code) => code.toUpperCase())
    .default('USD'),
  filename: z.string().trim().min(1).max(255).optional(),
});
export type CreateRoyaltyStatementBody = z.infer<typeof CreateRoyaltyStatementBody>;

const royaltyLineItem = z.object({
  dsp_name: z.string().trim().min(1).max(255),
  track_title: z.string().trim().min(1).max(500),
  artist_name: z.string().trim().min(1).max(500),
  /** Negative for a store's adjustment; micro-units at most, as stores report them. */
  revenue: z
    .number()
    .min(-999_999_999_999, 'The revenue is out of range.')
    .max(999_999_999_999, 'The revenue is out of range.')
    .refine((value) => decimalPlaces(value) <= 6, Messages.revenueDecimals),
  /** Streams (units) the store reports for the line, when it gives them. */
  streams: z.number().int('The streams must be a whole number.').min(0, 'The streams must not be negative.').max(2_147_483_647, 'The streams are out of range.').default(0),
  isrc: z.string().trim().max(15).nullable().optional(),
  upc: z.string().trim().max(14).nullable().optional(),
  period: statementPeriod,
});

/** POST /royalties/{uuid}/line-items. */
export const RoyaltyLineItemsBody = z.object({
  line_items: z.array(royaltyLineItem).min(1, 'Send at least one line item.').max(1000, 'At most 1000 line items.'),
});
export type RoyaltyLineItemsBody = z.infer<typeof RoyaltyLineItemsBody>;

const payeeId = (field: string) => z.uuid(`The ${field} must be a UUID.`).nullable().optional();

/**
 * One payee of a track's royalties: an artist, a user or a writer of the tenant (named by its id), or
 * an external payee, who has no account here and so must be reachable by email.
 */
const split = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(255, 'Must be at most 255 characters.'),
    email: z.email('The email must be a valid email address.').max(254).nullable().optional(),
    artist_id: payeeId('artist_id'),
    user_id: payeeId('user_id'),
    writer_id: payeeId('writer_id'),
    percentage: SplitPercentage,
  })
  .superRefine((row, context) => {
    const ids = (['artist_id', 'user_id', 'writer_id'] as const).filter((field) => row[field]);
    if (ids.length > 1) context.addIssue({ code: 'custom', path: [ids[1]!], message: 'Name one payee: an artist_id, a user_id or a writer_id.' });
    if (ids.length === 0 && !row.email) context.addIssue({ code: 'custom', path: ['email'], message: 'An external payee needs an email.' });
  });

/** The kind of payee a split row names. */
export const SPLIT_PAYEE_TYPES = ['artist', 'user', 'writer', 'external'] as const;
export type SplitPayeeType = (typeof SPLIT_PAYEE_TYPES)[number];

/** How far from 100 the percentages may sum (the spec's 0.01), in millionths of the whole. */
const SPLITS_SUM_TOLERANCE = 0.01 * MILLIONTHS_PER_PERCENT;

/**
 * PUT /tracks/{uuid}/splits: the whole set; percentages (up to four decimals each) must sum to 100
 * within 0.01, judged on their exact millionths, so three of 33.333 (99.999) pass and 50 + 49 does not.
 */
export const SplitsBody = z
  .object({ splits: z.array(split).min(1, 'Send at least one split.').max(100, 'At most 100 splits.') })
  .superRefine((body, context) => {
    const shares = body.splits.map((row) => millionthsOfPercentage(row.percentage));
    // A row whose percentage is refused says so itself; a sum of it would mean nothing.
    if (shares.some((share) => share === undefined)) return;
    const total = shares.reduce<number>((sum, share) => sum + share!, 0);
    if (Math.abs(total - 100 * MILLIONTHS_PER_PERCENT) > SPLITS_SUM_TOLERANCE) context.addIssue({ code: 'custom', path: ['splits'], message: Messages.splitsSum });
  });
export type SplitsBody = z.infer<typeof SplitsBody>;
