/** Days an invoice may stay open past its due date before the API is locked (402). */
export const INVOICE_GRACE_DAYS = 7;

/**
 * SQL expression, for a query that aliases the tenant as `t`: the moment from which the tenant's
 * oldest open invoice is past the grace, or null. Whole days, as the operator counts them: 7 days
 * overdue is within grace, 8 is not. The day count is a code constant, not input, so it is written
 * into the SQL. Cached callers compare it with the clock themselves.
 */
export const INVOICE_LOCKED_FROM_SQL = `(select min(i."due_at") + make_interval(days => ${INVOICE_GRACE_DAYS + 1})
  from "gateway"."invoice" i where i."tenant_id" = t."id" and i."status" = 'open')`;

/** SQL condition, same alias: the tenant is locked by an unpaid invoice now. */
export const INVOICE_OVERDUE_SQL = `coalesce(${INVOICE_LOCKED_FROM_SQL} <= now(), false)`;
