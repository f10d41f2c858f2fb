import { z } from 'zod';
import { isoTimestamp, nullableIsoTimestamp, pagedList } from './common.ts';

/*
 * Finance resources: the spec names them (period with a unique code, sales report, tenant
 * statement, payee statement, payout) but shows no fields beyond a few; these are this
 * platform's. Amounts are integer minor units of `currency` (spec, Other resources); a report's
 * exact sums (stores report fractions of a cent) are decimal strings beside them.
 */

export const FINANCE_STATEMENT_STATUSES = ['draft', 'approved', 'locked', 'paid'] as const;
export const PAYEE_STATEMENT_STATUSES = ['draft', 'approved', 'paid'] as const;
/** Who a payee statement pays: a split's payee, or the tenant itself (a track without split or artist). */
export const FINANCE_PAYEE_TYPES = ['artist', 'user', 'writer', 'external', 'tenant'] as const;

const decimalText = z.string().regex(/^-?\d+\.\d+$/);

export const FinancePeriodSchema = z
  .object({
    uuid: z.uuid(),
    code: z.string(),
    name: z.string().nullable(),
    starts_on: z.string(),
    ends_on: z.string(),
    currency: z.string(),
    created_at: isoTimestamp,
  })
  .loose();

export const SalesReportSchema = z
  .object({
    uuid: z.uuid(),
    period_id: z.uuid(),
    source: z.string(),
    filename: z.string().nullable(),
    currency: z.string(),
    rows_total: z.number().int(),
    rows_matched: z.number().int(),
    rows_unmatched: z.number().int(),
    /** The report's sum, its matched part and its unmatched part, exact. */
    total: decimalText,
    matched: decimalText,
    unmatched: decimalText,
    /** The same in minor units; unmatched_minor is total_minor - matched_minor, so the cents always agree. */
    total_minor: z.number().int(),
    matched_minor: z.number().int(),
    unmatched_minor: z.number().int(),
    /** Record types of a DSR left unread (musical works, deal terms), with how many of each; empty for a CSV. */
    ignored_records: z.record(z.string(), z.number().int()),
    /** A DSR file's message and what it covers; null for a CSV or JSON lines. */
    dsr: z
      .object({
        message_id: z.string(),
        file_number: z.number().int(),
        number_of_files: z.number().int(),
        profile: z.string(),
        sender: z.string(),
        usage_start: z.string(),
        usage_end: z.string(),
      })
      .nullable(),
    /** The revision that replaced this report, and when: a replaced report no longer counts towards the period. */
    replaced_by: z.uuid().nullable(),
    superseded_at: nullableIsoTimestamp,
    created_at: isoTimestamp,
  })
  .loose();

export const SalesReportRowSchema = z
  .object({
    row: z.number().int(),
    isrc: z.string().nullable(),
    upc: z.string().nullable(),
    territory: z.string().nullable(),
    store: z.string().nullable(),
    units: z.number().int(),
    amount: decimalText,
    matched: z.boolean(),
    match: z.enum(['track', 'release']).nullable(),
    track_id: z.uuid().nullable(),
    release_id: z.uuid().nullable(),
    artist_id: z.uuid().nullable(),
  })
  .loose();

export const TenantStatementSchema = z
  .object({
    uuid: z.uuid(),
    period_id: z.uuid(),
    period_code: z.string(),
    status: z.enum(FINANCE_STATEMENT_STATUSES),
    currency: z.string(),
    /** What the payee statements sum to: the reports' total minus their unmatched part. */
    total_minor: z.number().int(),
    report_total_minor: z.number().int(),
    unmatched_minor: z.number().int(),
    payee_statements: z.number().int(),
    approved_at: nullableIsoTimestamp,
    locked_at: nullableIsoTimestamp,
    paid_at: nullableIsoTimestamp,
    created_at: isoTimestamp,
  })
  .loose();

export const PayeeStatementSchema = z
  .object({
    uuid: z.uuid(),
    statement_id: z.uuid(),
    period_id: z.uuid(),
    status: z.enum(PAYEE_STATEMENT_STATUSES),
    payee_type: z.enum(FINANCE_PAYEE_TYPES),
    payee_id: z.uuid().nullable(),
    /** The split row's name; null for a track's artist paid without a split, and for the tenant. */
    name: z.string().nullable(),
    email: z.string().nullable(),
    currency: z.string(),
    amount_minor: z.number().int(),
    /** The exact share before the statement was rounded to minor units. */
    exact_amount: decimalText,
    payout_id: z.uuid().nullable(),
    approved_at: nullableIsoTimestamp,
    paid_at: nullableIsoTimestamp,
    created_at: isoTimestamp,
  })
  .loose();

export const PayoutSchema = z
  .object({
    uuid: z.uuid(),
    status: z.enum(['completed', 'simulated']),
    /** True in the sandbox: every row is written, no money is moved. */
    simulated: z.boolean(),
    note: z.string().nullable(),
    currency: z.string(),
    amount_minor: z.number().int(),
    period_id: z.uuid().nullable(),
    payee_statement_ids: z.array(z.uuid()),
    created_at: isoTimestamp,
  })
  .loose();

export const FinancePeriodReply = z.object({ period: FinancePeriodSchema });
export const FinancePeriodListReply = pagedList('periods', FinancePeriodSchema);
export const SalesReportReply = z.object({ sales_report: SalesReportSchema });
export const SalesReportListReply = pagedList('sales_reports', SalesReportSchema);
export const SalesReportRowListReply = pagedList('rows', SalesReportRowSchema);
export const TenantStatementReply = z.object({ statement: TenantStatementSchema });
/** A computed period: its draft statement with every payee statement. */
export const ComputedStatementReply = z.object({ statement: TenantStatementSchema, payee_statements: z.array(PayeeStatementSchema) });
export const TenantStatementListReply = pagedList('statements', TenantStatementSchema);
export const PayeeStatementReply = z.object({ payee_statement: PayeeStatementSchema });
export const PayeeStatementListReply = pagedList('payee_statements', PayeeStatementSchema);
export const PayoutReply = z.object({ payout: PayoutSchema });
export const PayoutListReply = pagedList('payouts', PayoutSchema);
