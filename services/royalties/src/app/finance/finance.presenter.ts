import type { FinancePeriod } from '../../db/entities/finance-period.entity.ts';
import type { FinanceStatement } from '../../db/entities/finance-statement.entity.ts';
import type { PayeeStatement } from '../../db/entities/payee-statement.entity.ts';
import type { Payout } from '../../db/entities/payout.entity.ts';
import type { SalesReportJob } from '../../db/entities/sales-report-job.entity.ts';
import type { SalesReportRow } from '../../db/entities/sales-report-row.entity.ts';
import type { SalesReport } from '../../db/entities/sales-report.entity.ts';
import { formatMicros, roundMicrosToMinor } from './finance-money.ts';

/** Minor units as a JSON number: exact up to 2^53, far beyond any statement. */
const minor = (units: bigint): number => Number(units);
const iso = (moment: Date | null | undefined): string | null => (moment ? moment.toISOString() : null);

export const presentPeriod = (period: FinancePeriod) => ({
  uuid: period.id,
  code: period.code,
  name: period.name ?? null,
  starts_on: period.startsOn,
  ends_on: period.endsOn,
  currency: period.currency,
  created_at: period.createdAt.toISOString(),
});

export const presentSalesReport = (report: SalesReport) => {
  const unmatchedMicros = report.totalMicros - report.matchedMicros;
  const totalMinor = roundMicrosToMinor(report.totalMicros);
  const matchedMinor = roundMicrosToMinor(report.matchedMicros);
  return {
    uuid: report.id,
    period_id: report.periodId,
    source: report.source,
    filename: report.filename ?? null,
    currency: report.currency,
    rows_total: report.rowsTotal,
    rows_matched: report.rowsMatched,
    rows_unmatched: report.rowsTotal - report.rowsMatched,
    total: formatMicros(report.totalMicros),
    matched: formatMicros(report.matchedMicros),
    unmatched: formatMicros(unmatchedMicros),
    total_minor: minor(totalMinor),
    matched_minor: minor(matchedMinor),
    // The difference, so that the report's cents always agree.
    unmatched_minor: minor(totalMinor - matchedMinor),
    ignored_records: report.ignoredRecords,
    dsr:
      report.dsrMessageId == null
        ? null
        : {
            message_id: report.dsrMessageId,
            file_number: report.dsrFileNumber!,
            number_of_files: report.dsrNumberOfFiles!,
            profile: report.dsrProfile!,
            sender: report.dsrSender!,
            usage_start: report.dsrUsageStart!,
            usage_end: report.dsrUsageEnd!,
          },
    replaced_by: report.replacedBy ?? null,
    superseded_at: iso(report.supersededAt),
    created_at: report.createdAt.toISOString(),
  };
};

/** Seconds before a pace is read from a load's progress: its first moments (opening, hashing the file) say little. */
const PACE_AFTER_SECONDS = 1;

/**
 * Seconds left at the pace so far: the bytes still to read at the rate read since the attempt
 * started, less the time since the figures were written. Null until that pace is known.
 */
const etaSeconds = (job: SalesReportJob, now: Date): number | null => {
  if (job.status !== 'running' || !job.startedAt || !job.progressAt || job.bytesRead <= 0) return null;
  const elapsed = (job.progressAt.getTime() - job.startedAt.getTime()) / 1000;
  if (elapsed < PACE_AFTER_SECONDS) return null;
  const left = ((job.bytesTotal - job.bytesRead) * elapsed) / job.bytesRead - (now.getTime() - job.progressAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(left));
};

export const presentSalesReportJob = (job: SalesReportJob, now: Date) => ({
  uuid: job.id,
  status: job.status,
  period_uuid: job.periodId,
  file_name: job.fileName,
  progress: {
    bytes_read: job.bytesRead,
    bytes_total: job.bytesTotal,
    rows_read: job.rowsRead,
    rows_matched: job.rowsMatched,
    percent: job.status === 'completed' ? 100 : job.bytesTotal > 0 ? Math.min(100, Math.floor((job.bytesRead * 100) / job.bytesTotal)) : 0,
    eta_seconds: etaSeconds(job, now),
  },
  errors: job.errors ?? null,
  error: job.error ?? null,
  sales_report_uuid: job.salesReportId ?? null,
  created_at: job.createdAt.toISOString(),
  started_at: iso(job.startedAt),
  finished_at: iso(job.finishedAt),
});

export const presentSalesReportRow = (row: SalesReportRow) => ({
  row: row.rowNumber,
  isrc: row.isrc ?? null,
  upc: row.upc ?? null,
  territory: row.territory ?? null,
  store: row.store ?? null,
  units: row.units,
  amount: formatMicros(row.amountMicros),
  matched: row.matchKind != null,
  match: (row.matchKind ?? null) as 'track' | 'release' | null,
  track_id: row.trackId ?? null,
  release_id: row.releaseId ?? null,
  artist_id: row.artistId ?? null,
});

export const presentStatement = (statement: FinanceStatement, period: FinancePeriod | undefined) => ({
  uuid: statement.id,
  period_id: statement.periodId,
  period_code: period?.code ?? '',
  status: statement.status as 'draft' | 'approved' | 'locked' | 'paid',
  currency: statement.currency,
  total_minor: minor(statement.totalMinor),
  report_total_minor: minor(statement.reportTotalMinor),
  unmatched_minor: minor(statement.unmatchedMinor),
  payee_statements: statement.payeeCount,
  approved_at: iso(statement.approvedAt),
  locked_at: iso(statement.lockedAt),
  paid_at: iso(statement.paidAt),
  created_at: statement.createdAt.toISOString(),
});

export const presentPayeeStatement = (row: PayeeStatement) => ({
  uuid: row.id,
  statement_id: row.statementId,
  period_id: row.periodId,
  status: row.status as 'draft' | 'approved' | 'paid',
  payee_type: row.payeeType as 'artist' | 'user' | 'writer' | 'external' | 'tenant',
  payee_id: row.payeeId ?? null,
  name: row.name ?? null,
  email: row.email ?? null,
  currency: row.currency,
  amount_minor: minor(row.amountMinor),
  exact_amount: formatMicros(row.exactMicros),
  payout_id: row.payoutId ?? null,
  approved_at: iso(row.approvedAt),
  paid_at: iso(row.paidAt),
  created_at: row.createdAt.toISOString(),
});

export const presentPayout = (payout: Payout) => ({
  uuid: payout.id,
  status: payout.status as 'completed' | 'simulated',
  simulated: payout.simulated,
  note: payout.note ?? null,
  currency: payout.currency,
  amount_minor: minor(payout.amountMinor),
  period_id: payout.periodId ?? null,
  payee_statement_ids: payout.payeeStatementIds,
  created_at: payout.createdAt.toISOString(),
});
