import { createPeriod, endedJob, financeDb, loadSalesReport, postSalesReport, type FinanceDb } from './support/finance-support.ts';
import { seedRelease, useRoyaltiesWorld, type SeededRelease } from './support/royalties-world.ts';

/*
 * A sales report job whose worker dies mid-load: its progress was visible while the load's one
 * transaction ran, the crash kept nothing of it, and once the lease ran out another royalties
 * process took the job over and loaded the file exactly once.
 */

// A short lease, so the job is taken over soon after its worker dies; progress written often; polls through the gateway freely.
const WORKER_ENV = { SV_ROYALTIES_REPORT_LEASE_MS: '3000', SV_ROYALTIES_REPORT_TICK_MS: '200', SV_ROYALTIES_REPORT_PROGRESS_MS: '100' };
const world = useRoyaltiesWorld({ ...WORKER_ENV, SV_RATE_LIMIT_MULTIPLIER: '50' });
let db: FinanceDb;
let release: SeededRelease;

beforeAll(async () => {
  db = financeDb(world.platform.db.url);
  release = await seedRelease(world.a.artist, 1);
  await db.codesKept(release);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

/** A report large enough that its load takes a while: every other row names the seeded track. */
const ROWS = 200_000;
const bigReport = (): string =>
  ['isrc,upc,territory,store,units,amount', ...Array.from({ length: ROWS }, (_, index) => `${index % 2 === 0 ? release.tracks[0]!.isrc : 'QZZZZ2799999'},,US,Spotify,1,0.01`), ''].join(
    '\n',
  );

type JobRow = { status: string; rows_read: number; attempts: number; sales_report_id: string | null };
const jobRow = async (jobId: string): Promise<JobRow> =>
  (await db.query<JobRow>(`select "status", "rows_read", "attempts", "sales_report_id" from "royalties"."sales_report_job" where "id" = $1`, [jobId]))[0]!;

const waitFor = async (what: string, probe: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('a sales report job', () => {
  it('is taken over when its worker dies mid-load, and loads the file exactly once', async () => {
    const period = await createPeriod(world.a.owner);
    const upload = await postSalesReport(world.a.owner, period.uuid, bigReport());
    expect(upload.status).toBe(202);
    const jobId = upload.body.sales_report_job.uuid as string;

    // Rows read show while the load's transaction is still open: progress is written beside it.
    await waitFor('the load under way', async () => {
      const row = await jobRow(jobId);
      if (row.status === 'completed') throw new Error('the load ended before its worker could be stopped; make the report larger');
      return row.status === 'running' && row.rows_read > 0;
    });
    const running = await world.a.owner(`/v1/finance/sales-report-jobs/${jobId}`);
    expect(running.body.sales_report_job).toMatchObject({ status: 'running', sales_report_uuid: null });
    expect(running.body.sales_report_job.progress.rows_read).toBeGreaterThan(0);
    expect(running.headers.get('retry-after')).toEqual(expect.any(String));

    await world.platform.royalties!.kill();
    // The dead worker's transaction kept nothing.
    expect(await db.count('sales_report', `"period_id" = $1`, [period.uuid])).toBe(0);
    await world.platform.startRoyalties(WORKER_ENV);

    const job = await endedJob(world.a.owner, upload);
    expect(job).toMatchObject({ status: 'completed', error: null, progress: { rows_read: ROWS, rows_matched: ROWS / 2, percent: 100 } });
    expect((await jobRow(jobId)).attempts).toBe(2);
    expect(await db.count('sales_report', `"period_id" = $1`, [period.uuid])).toBe(1);
    expect(await db.count('sales_report_row', `"report_id" = $1`, [job.sales_report_uuid])).toBe(ROWS);
    expect(await db.financeEventsOf(job.sales_report_uuid!)).toEqual(['finance.sales_report.recorded']);
  }, 300_000);

  it('fails a refused file at once, and a later upload of the same period still loads', async () => {
    const period = await createPeriod(world.a.owner);
    const refused = await loadSalesReport(world.a.owner, period.uuid, `isrc,upc,territory,store,units,amount\n${release.tracks[0]!.isrc},,US,Spotify,1,-1\n`);
    expect(refused).toMatchObject({ status: 'failed', errors: { 'row 2, column amount': [expect.any(String)] } });
    expect((await jobRow(refused.uuid)).attempts).toBe(1);
    const loaded = await loadSalesReport(world.a.owner, period.uuid, `isrc,upc,territory,store,units,amount\n${release.tracks[0]!.isrc},,US,Spotify,1,1.00\n`);
    expect(loaded).toMatchObject({ status: 'completed', progress: { rows_read: 1, rows_matched: 1 } });
  }, 120_000);
});
