import { z } from 'zod';
import { pagedList, isoTimestamp } from './common.ts';

/** Amounts in US dollars are decimal strings ("12.50"), as the spec's balance shows them. */
const usd = z.string().regex(/^-?\d+(\.\d+)?$/);

export const ROYALTY_STATEMENT_STATUSES = ['processing', 'completed', 'approved', 'paid', 'failed'] as const;
export const RoyaltyStatementStatus = z.enum(ROYALTY_STATEMENT_STATUSES);

export const BalanceSchema = z.object({
  available_usd: usd,
  pending_usd: usd,
  currency: z.string(),
  last_updated: isoTimestamp,
});
export const BalanceReply = z.object({ balance: BalanceSchema });

/** One calendar month's statement, as the statements list shows it. */
export const MonthlyStatementSchema = z.object({
  id: z.string(),
  /** YYYY-MM. */
  period: z.string(),
  total_usd: usd,
  status: z.string(),
  created_at: isoTimestamp,
});
export const MonthlyStatementDetailSchema = MonthlyStatementSchema.extend({
  pdf_url: z.string().nullable(),
  breakdown: z.array(z.object({ release_title: z.string(), dsp: z.string(), streams: z.number().int(), revenue_usd: usd })),
});
export const MonthlyStatementListReply = z.object({ statements: z.array(MonthlyStatementSchema) });
export const MonthlyStatementReply = z.object({ statement: MonthlyStatementDetailSchema });

export const WithdrawalSchema = z.object({
  id: z.string(),
  amount_usd: usd,
  status: z.string(),
  estimated_arrival: z.string().nullable(),
  created_at: isoTimestamp,
});
export const WithdrawalReply = z.object({ withdrawal: WithdrawalSchema });

/** A line of a file-level royalty statement (spec, reference shapes), with what it matched in the catalogue. */
export const RoyaltyLineItemSchema = z.object({
  id: z.uuid(),
  dsp_name: z.string(),
  track_title: z.string(),
  artist_name: z.string(),
  revenue: z.number(),
  streams: z.number().int(),
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  period: z.string(),
  /** By ISRC to a track, else by UPC to a release, else unmatched (null). */
  matched: z.enum(['track', 'release']).nullable(),
  track_id: z.uuid().nullable(),
  release_id: z.uuid().nullable(),
  artist_id: z.uuid().nullable(),
  /** The matched release's title, as it was when the line was added. */
  release_title: z.string().nullable(),
});

/** A file-level royalty statement; the spec shows no identifier or timestamps, so the object is open. */
export const RoyaltyStatementSchema = z
  .object({
    uuid: z.uuid(),
    period: z.string(),
    currency: z.string(),
    total_revenue: z.number(),
    filename: z.string().nullable(),
    status: RoyaltyStatementStatus,
    line_count: z.number().int().nonnegative(),
    unmatched_count: z.number().int().nonnegative(),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
    approved_at: isoTimestamp.nullable(),
    paid_at: isoTimestamp.nullable(),
  })
  .loose();
export const RoyaltyStatementDetailSchema = RoyaltyStatementSchema.extend({ line_items: z.array(RoyaltyLineItemSchema) });
export const RoyaltyStatementListReply = pagedList('statements', RoyaltyStatementSchema);
export const RoyaltyStatementReply = z.object({ statement: RoyaltyStatementDetailSchema });

/** GET /royalties/summary/{uuid}: per-artist totals of one statement (the spec shows no fields). */
export const RoyaltySummaryReply = z.object({
  summary: z
    .object({
      statement_id: z.uuid(),
      period: z.string(),
      currency: z.string(),
      total_revenue: z.number(),
      /** Per reported artist name (and matched artist), largest total first. */
      artists: z.array(
        z.object({ artist_id: z.uuid().nullable(), artist_name: z.string(), total_revenue: z.number(), line_count: z.number().int() }).loose(),
      ),
    })
    .loose(),
});

/** A track's royalty split: who is paid what percentage. */
export const SplitSchema = z.object({
  payee_type: z.enum(['artist', 'user', 'writer', 'external']),
  name: z.string(),
  email: z.string().nullable(),
  artist_id: z.uuid().nullable(),
  user_id: z.uuid().nullable(),
  writer_id: z.uuid().nullable(),
  percentage: z.number(),
});
export const SplitsReply = z.object({ track_id: z.uuid(), splits: z.array(SplitSchema), updated_at: isoTimestamp.nullable() });
