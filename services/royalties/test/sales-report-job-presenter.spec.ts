import type { SalesReportJob } from '../src/db/entities/sales-report-job.entity.ts';
import { presentSalesReportJob } from '../src/app/finance/finance.presenter.ts';

/*
 * A job's progress as pollers see it: the percent of the file's bytes read, and the seconds left at
 * the pace the attempt has kept, known only once it has run a little.
 */

const STARTED = new Date('2026-11-28T12:00:00Z');
const at = (seconds: number): Date => new Date(STARTED.getTime() + seconds * 1000);

const job = (overrides: Partial<SalesReportJob>): SalesReportJob =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    periodId: '00000000-0000-4000-8000-000000000002',
    status: 'running',
    fileName: 'report.csv',
    bytesTotal: 1_000,
    bytesRead: 0,
    rowsRead: 0,
    rowsMatched: 0,
    progressAt: null,
    errors: null,
    error: null,
    salesReportId: null,
    createdAt: STARTED,
    startedAt: STARTED,
    finishedAt: null,
    ...overrides,
  }) as SalesReportJob;

describe('a sales report job presented', () => {
  it('estimates the time left from the pace so far, less the time since the figures were written', () => {
    // A quarter read in 10 s: 30 s more at that pace, 2 of them gone since.
    const progress = presentSalesReportJob(job({ bytesRead: 250, rowsRead: 9, progressAt: at(10) }), at(12)).progress;
    expect(progress).toEqual({ bytes_read: 250, bytes_total: 1_000, rows_read: 9, rows_matched: 0, percent: 25, eta_seconds: 28 });
  });

  it('gives no estimate before the pace is known, nor once the job has ended', () => {
    expect(presentSalesReportJob(job({}), at(5)).progress.eta_seconds).toBeNull();
    expect(presentSalesReportJob(job({ bytesRead: 10, progressAt: at(0.5) }), at(1)).progress.eta_seconds).toBeNull();
    const failed = presentSalesReportJob(job({ status: 'failed', bytesRead: 500, progressAt: at(10), error: 'Validation failed', errors: { 'row 2, column amount': ['bad'] } }), at(11));
    expect([failed.progress.eta_seconds, failed.progress.percent, failed.error, failed.errors]).toEqual([null, 50, 'Validation failed', { 'row 2, column amount': ['bad'] }]);
  });

  it('is 100 % once completed, with its report', () => {
    const reportId = '00000000-0000-4000-8000-000000000003';
    const done = presentSalesReportJob(job({ status: 'completed', bytesRead: 1_000, progressAt: at(20), finishedAt: at(20), salesReportId: reportId }), at(30));
    expect(done).toMatchObject({ status: 'completed', sales_report_uuid: reportId, finished_at: at(20).toISOString(), progress: { percent: 100, eta_seconds: null } });
  });

  it('never shows more than 100 % of an empty file or less than nothing left', () => {
    expect(presentSalesReportJob(job({ bytesTotal: 0 }), at(1)).progress.percent).toBe(0);
    // Behind its own estimate: nothing left, not a negative count.
    expect(presentSalesReportJob(job({ bytesRead: 900, progressAt: at(9) }), at(60)).progress.eta_seconds).toBe(0);
  });
});
