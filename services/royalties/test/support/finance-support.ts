import { eventually } from '@sv/testing';
import { royaltiesDbPool } from './royalties-db-pool.ts';
import type { Api, SeededRelease } from './royalties-world.ts';

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
    /** Waits until royalties keeps the release's codes (followed from the catalogue's events), which report rows match by. */
    codesKept: (release: SeededRelease) =>
      eventually(`royalties keeps the codes of ${release.title}`, async () => {
        const [kept] = await query<{ tracks: number; releases: number }>(
          `select (select count(*)::int from "royalties"."recording_track_code" where "isrc" = any($1::text[])) as "tracks",
                  (select count(*)::int from "royalties"."recording_release_code" where "upc" = $2) as "releases"`,
          [release.tracks.map((track) => track.isrc), release.upc],
        );
        return kept!.tracks === release.tracks.length && kept!.releases === 1;
      }),
    /** Waits until the relay has published every finance event of the outbox (the bus lets royalties publish them). */
    financePublished: (timeoutMs = 15_000): Promise<boolean> => outboxPublished(`"type" like 'finance.%'`, timeoutMs),
    close,
  };
};
export type FinanceDb = ReturnType<typeof financeDb>;

/** Uploads a sales report CSV to a period as a browser would: multipart, field `sales_report`. */
export const uploadSalesReport = (api: Api, periodId: string, csv: string, fields: Record<string, string> = {}) =>
  uploadSalesFile(api, periodId, { text: csv, type: 'text/csv', name: 'report.csv' }, fields);

/** Uploads a sales report file of any kind (a DSR flat file is tab-separated text). */
export const uploadSalesFile = (api: Api, periodId: string, file: { text: string; type: string; name: string }, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('sales_report', new Blob([file.text], { type: file.type }), file.name);
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
