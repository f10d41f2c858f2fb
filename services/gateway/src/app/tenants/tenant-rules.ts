/** Days an invoice may stay open past its due date before the API is locked (402). */
export const INVOICE_GRACE_DAYS = 7;

/**
 * SQL condition, for a query that aliases the tenant as `t`: the tenant has an open invoice past
 * the grace. Whole days, as the operator counts them: 7 days overdue is within grace, 8 is not.
 * The day count is a code constant, not input, so it is written into the SQL.
 */
export const INVOICE_OVERDUE_SQL = `exists (select 1 from "gateway"."invoice" i
  where i."tenant_id" = t."id" and i."status" = 'open'
    and i."due_at" <= now() - make_interval(days => ${INVOICE_GRACE_DAYS + 1}))`;

/**
 * SQL expression, for a query that aliases the tenant as `t`: the moment from which the tenant's
 * oldest open invoice is past the grace (the same rule as INVOICE_OVERDUE_SQL), or null. Cached
 * callers compare it with the clock themselves.
 */
export const INVOICE_LOCKED_FROM_SQL = `(select min(i."due_at") + make_interval(days => ${INVOICE_GRACE_DAYS + 1})
  from "gateway"."invoice" i where i."tenant_id" = t."id" and i."status" = 'open')`;
