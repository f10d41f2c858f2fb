import { setTimeout as sleep } from 'node:timers/promises';
import type { apiClient } from '@sv/testing';

export type Api = ReturnType<typeof apiClient>;

/** The body of an answer in `expected`; any other status fails the run with what was answered. */
export const ok = async <T>(what: string, response: Promise<{ status: number; body: T; text: string }>, expected = [200, 201]): Promise<T> => {
  const answered = await response;
  if (!expected.includes(answered.status)) throw new Error(`${what}: ${answered.status} ${answered.text.slice(0, 500)}`);
  return answered.body;
};

/**
 * Uploads a sales report and follows its job (the 202's Location) to its end: the report recorded.
 * Polled every 200 ms, so the figure is the time to the report and not to a late poll; a failed job
 * fails the run with its refusal.
 */
export const loadSalesReport = async (api: Api, periodId: string, form: FormData): Promise<{ rows_total: number; rows_matched: number }> => {
  const upload = await api(`/v1/finance/periods/${periodId}/sales-reports`, { method: 'POST', raw: form });
  if (upload.status !== 202) throw new Error(`sales report: ${upload.status} ${upload.text.slice(0, 500)}`);
  const location = upload.headers.get('location') ?? '';
  // The client's base URL is the API's root: the job's path from /v1 on.
  const path = location.slice(location.indexOf('/v1/'));
  for (;;) {
    const { sales_report_job: job } = await ok<any>('sales report job', api(path));
    if (job.status === 'completed') return (await ok<any>('sales report', api(`/v1/finance/sales-reports/${job.sales_report_uuid}`))).sales_report;
    if (job.status === 'failed') throw new Error(`sales report job failed: ${job.error} ${JSON.stringify(job.errors ?? {}).slice(0, 500)}`);
    await sleep(200);
  }
};
