import { royaltiesDbPool } from './royalties-db-pool.ts';
import type { Api } from './royalties-world.ts';

/** Direct reads of the royalties schema: the finance events as the outbox holds them, and row counts. */
export const financeDb = (url: string) => {
  const { query, outboxPublished, close } = royaltiesDbPool(url);
  return {
    query,
    /** The types of the finance events that name `id` (a statement, payee statement, payout or report), oldest first. */
    financeEventsOf: async (id: string) =>
      (
        await query<{ type: string }>(
          `select "type" from "royalties"."outbox_event"
            where "type" like 'finance.%' and ("envelope"->'data' @> jsonb_build_object('statement_id', $1::text)
               or "envelope"->'data' @> jsonb_build_object('payee_statement_id', $1::text)
               or "envelope"->'data' @> jsonb_build_object('payout_id', $1::text)
               or "envelope"->'data' @> jsonb_build_object('sales_report_id', $1::text))
            order by "created_at", "id"`,
          [id],
        )
      ).map((row) => row.type),
    count: async (table: string, where = 'true', params: unknown[] = []) =>
      Number((await query<{ count: string }>(`select count(*) as "count" from "royalties"."${table}" where ${where}`, params))[0]!.count),
    /** Waits until the relay has published every finance event of the outbox (the bus lets royalties publish them). */
    financePublished: (timeoutMs = 15_000): Promise<boolean> => outboxPublished(`"type" like 'finance.%'`, timeoutMs),
    close,
  };
};
export type FinanceDb = ReturnType<typeof financeDb>;

/** Uploads a sales report CSV to a period as a browser would: multipart, field `sales_report`. */
export const uploadSalesReport = (api: Api, periodId: string, csv: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('sales_report', new Blob([csv], { type: 'text/csv' }), 'report.csv');
  return api(`/v1/finance/periods/${periodId}/sales-reports`, { method: 'POST', raw: form });
};

let periodCounter = 0;
/** A period with a code unique to this run. */
export const createPeriod = async (api: Api, overrides: Record<string, unknown> = {}) => {
  periodCounter += 1;
  const response = await api('/v1/finance/periods', {
    body: { code: `P${process.pid}-${Date.now().toString(36)}-${periodCounter}`, starts_on: '2026-11-01', ends_on: '2026-11-30', ...overrides },
  });
  if (response.status !== 201) throw new Error(`period create: ${response.status} ${response.text}`);
  return response.body.period as { uuid: string; code: string; currency: string };
};
