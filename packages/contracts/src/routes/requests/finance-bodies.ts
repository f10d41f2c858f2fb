import { z } from 'zod';
import { paginationQuery } from '../../pagination.ts';
import { isCalendarDate } from '../../releases.ts';

/*
 * Finance inputs. The spec names the resources (a period with a unique code, sales reports)
 * without their fields; these are the fields a period and a store's sales report need.
 * Amounts are in minor units.
 */

const calendarDate = (field: string) => z.string().trim().refine(isCalendarDate, `The ${field} must be a real date written YYYY-MM-DD.`);

/** POST /finance/periods; a code already used is 409 `Period code already exists.` */
export const CreateFinancePeriodBody = z
  .object({
    code: z.string().trim().min(1, 'The code field is required.').max(32),
    name: z.string().trim().max(255).optional(),
    starts_on: calendarDate('starts_on'),
    ends_on: calendarDate('ends_on'),
  })
  .refine((body) => body.ends_on >= body.starts_on, { path: ['ends_on'], message: 'The ends_on must not be before the starts_on.' });
export type CreateFinancePeriodBody = z.infer<typeof CreateFinancePeriodBody>;

const salesLine = z.object({
  isrc: z.string().trim().max(15).nullable().optional(),
  upc: z.string().trim().max(14).nullable().optional(),
  territory: z.string().trim().max(16).nullable().optional(),
  units: z.number().int().nonnegative(),
  amount_minor: z.number().int(),
});

/** POST /finance/sales-reports: one store's report for one period. */
export const CreateSalesReportBody = z.object({
  period_code: z.string().trim().min(1, 'The period_code field is required.').max(32),
  source: z.string().trim().min(1, 'The source field is required.').max(255),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'The currency must be an ISO 4217 code.')
    .transform((code) => code.toUpperCase()),
  lines: z.array(salesLine).min(1, 'Send at least one line.').max(10_000, 'At most 10000 lines.'),
});
export type CreateSalesReportBody = z.infer<typeof CreateSalesReportBody>;

/** GET /finance/sales-reports: the one list that allows up to 500 a page (spec, Pagination 3). */
export const SalesReportsQuery = paginationQuery({ defaultPerPage: 50, maxPerPage: 500 });
