import type { SalesReportJobReply } from '@sv/contracts';
import { eventually, type ApiResponse } from '@sv/testing';
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

export type SalesReportJobBody = SalesReportJobReply['sales_report_job'];

export interface SalesFile {
  text: string;
  type: string;
  name: string;
}

const csvFile = (csv: string): SalesFile => ({ text: csv, type: 'text/csv', name: 'report.csv' });

/** Posts a sales report file to a period as a browser would (multipart, field `sales_report`): the upload's own answer, 202 with the job or a refusal. */
export const postSalesFile = (api: Api, periodId: string, file: SalesFile, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('sales_report', new Blob([file.text], { type: file.type }), file.name);
  return api(`/v1/finance/periods/${periodId}/sales-reports`, { method: 'POST', raw: form });
};

/** Posts a sales report CSV: the upload's own answer. */
export const postSalesReport = (api: Api, periodId: string, csv: string, fields: Record<string, string> = {}) => postSalesFile(api, periodId, csvFile(csv), fields);

/** A job's path for the client: the Location from `/v1` on (the client's base URL carries the sandbox's `/api`). */
export const jobPath = (location: string | null): string => {
  const at = location?.indexOf('/v1/') ?? -1;
  if (!location || at < 0) throw new Error(`no job Location: ${location}`);
  return location.slice(at);
};

/**
 * Follows a queued upload's Location until its job ends, as a client would: soon at first, then
 * about once a second (the rate limit counts every poll). The job as it ended.
 */
export const endedJob = async (api: Api, upload: ApiResponse, timeoutMs = 120_000): Promise<SalesReportJobBody> => {
  if (upload.status !== 202) throw new Error(`sales report upload: ${upload.status} ${upload.text}`);
  const path = jobPath(upload.headers.get('location'));
  const deadline = Date.now() + timeoutMs;
  for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
    const read = await api(path);
    if (read.status !== 200) throw new Error(`sales report job: ${read.status} ${read.text}`);
    const job = read.body.sales_report_job as SalesReportJobBody;
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`sales report job ${job.uuid} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
};

/** Uploads a sales report file and waits for its job to end: the job as it ended (`failed` with the refusal's `error` and `errors`). */
export const loadSalesFile = async (api: Api, periodId: string, file: SalesFile, fields: Record<string, string> = {}) =>
  endedJob(api, await postSalesFile(api, periodId, file, fields));

/** Uploads a sales report CSV and waits for its job to end: the job as it ended. */
export const loadSalesReport = (api: Api, periodId: string, csv: string, fields: Record<string, string> = {}) => loadSalesFile(api, periodId, csvFile(csv), fields);

/** Uploads a sales report file and waits for its job: the sales report recorded. Throws when the job failed, with its error. */
export const uploadSalesFile = async (api: Api, periodId: string, file: SalesFile, fields: Record<string, string> = {}): Promise<Record<string, any>> => {
  const job = await loadSalesFile(api, periodId, file, fields);
  if (job.status !== 'completed') throw new Error(`sales report job failed: ${job.error} ${JSON.stringify(job.errors)}`);
  const report = await api(`/v1/finance/sales-reports/${job.sales_report_uuid}`);
  if (report.status !== 200) throw new Error(`sales report: ${report.status} ${report.text}`);
  return report.body.sales_report as Record<string, any>;
};

/** Uploads a sales report CSV and waits for its job: the sales report recorded. */
export const uploadSalesReport = (api: Api, periodId: string, csv: string, fields: Record<string, string> = {}) => uploadSalesFile(api, periodId, csvFile(csv), fields);

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
