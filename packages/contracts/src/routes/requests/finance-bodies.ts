import { z } from 'zod';
import { paginationQuery } from '../../pagination.ts';
import { isCalendarDate } from '../../releases.ts';

/*
 * Finance inputs. The spec names the resources (a period with a unique code, sales reports)
 * without their fields; these are the fields a period and a store's sales report need.
 * Amounts are in minor units.
 */

const calendarDate = (field: string) => z.string().trim().refine(isCalendarDate, `The ${field} must be a real date written YYYY-MM-DD.`);

const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'The currency must be an ISO 4217 code.')
  .transform((code) => code.toUpperCase());

/**
 * POST /finance/periods; a code already used by a live period of the tenant is 409 `Period code
 * already exists.` Every report and statement of a period is in the period's currency.
 */
export const CreateFinancePeriodBody = z
  .object({
    code: z.string().trim().min(1, 'The code field is required.').max(32),
    name: z.string().trim().max(255).optional(),
    starts_on: calendarDate('starts_on'),
    ends_on: calendarDate('ends_on'),
    currency: currencyCode.default('USD'),
  })
  .refine((body) => body.ends_on >= body.starts_on, { path: ['ends_on'], message: 'The ends_on must not be before the starts_on.' });
export type CreateFinancePeriodBody = z.infer<typeof CreateFinancePeriodBody>;

/**
 * A report line as sent: every value a string (or absent) until the report's own checks read it,
 * exactly as a CSV cell would be. `amount` is a decimal in the report currency (at most 6 decimals).
 */
const cell = (max: number) => z.union([z.string().max(max), z.number()]).transform(String).nullable().optional();
const salesLine = z.object({
  isrc: cell(32),
  upc: cell(32),
  territory: cell(16),
  store: cell(255),
  units: cell(32),
  amount: cell(64),
});

/**
 * POST /finance/sales-reports: one store's report for a period as JSON lines (the CSV upload is
 * POST /finance/periods/{uuid}/sales-reports). Checked, matched and stored like the CSV.
 */
export const CreateSalesReportBody = z.object({
  period_id: z.uuid('The period_id must be a UUID.'),
  source: z.string().trim().min(1, 'The source field is required.').max(255),
  currency: currencyCode.optional(),
  lines: z.array(salesLine).min(1, 'Send at least one line.').max(10_000, 'At most 10000 lines.'),
});
export type CreateSalesReportBody = z.infer<typeof CreateSalesReportBody>;

/** The form fields beside the `sales_report` file; both optional (source defaults to the file name). */
export const SalesReportUploadFields = z.object({
  source: z.string().trim().min(1).max(255).optional(),
  currency: currencyCode.optional(),
});
export type SalesReportUploadFields = z.infer<typeof SalesReportUploadFields>;

/** GET /finance/sales-reports: the one list that allows up to 500 a page (spec, Pagination 3); filter by period. */
export const SalesReportsQuery = paginationQuery({ defaultPerPage: 50, maxPerPage: 500 }).extend({
  period_id: z.uuid('The period_id must be a UUID.').optional(),
});
export type SalesReportsQuery = z.infer<typeof SalesReportsQuery>;

/** GET /finance/sales-reports/{uuid}/rows: up to 500 a page; `matched=false` lists the rows no recording matched. */
export const SalesReportRowsQuery = paginationQuery({ defaultPerPage: 100, maxPerPage: 500 }).extend({
  matched: z.enum(['true', 'false'], 'The matched filter must be true or false.').optional(),
});
export type SalesReportRowsQuery = z.infer<typeof SalesReportRowsQuery>;

/** GET /finance/statements and /finance/payee-statements: filter by period (and statement). */
export const FinanceStatementsQuery = paginationQuery({ defaultPerPage: 50 }).extend({
  period_id: z.uuid('The period_id must be a UUID.').optional(),
  statement_id: z.uuid('The statement_id must be a UUID.').optional(),
});
export type FinanceStatementsQuery = z.infer<typeof FinanceStatementsQuery>;

/**
 * POST /finance/payouts: settles approved payee statements, named one by one or every approved
 * one of a period. Exactly one of the two.
 */
export const CreatePayoutBody = z
  .object({
    payee_statement_ids: z.array(z.uuid('Each payee statement id must be a UUID.')).min(1).max(500).optional(),
    period_id: z.uuid('The period_id must be a UUID.').optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((body) => (body.payee_statement_ids === undefined) !== (body.period_id === undefined), {
    path: ['payee_statement_ids'],
    message: 'Send either payee_statement_ids or period_id.',
  });
export type CreatePayoutBody = z.infer<typeof CreatePayoutBody>;
