import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  FinanceEvents,
  Messages,
  type CreateSalesReportBody,
  type Principal,
  type SalesReportFileReply,
  type SalesReportRowsQuery,
  type SalesReportsQuery,
} from '@sv/contracts';
import { findPage, recordEvent, ValidationError, type FoundPage } from '@sv/platform';
import type { SalesLine } from '@sv/reports';
import { SalesReportJob } from '../../db/entities/sales-report-job.entity.ts';
import { SalesReportRow } from '../../db/entities/sales-report-row.entity.ts';
import { SalesReport } from '../../db/entities/sales-report.entity.ts';
import { FinanceStatement } from '../../db/entities/finance-statement.entity.ts';
import type { FinancePeriod } from '../../db/entities/finance-period.entity.ts';
import { isStorable } from '../ledger/money.ts';
import type { CataloguePort } from '../catalogue-port.ts';
import { LoadLineMatcher } from '../recording-codes/line-code-matching.ts';
import {
  FinanceStateError,
  SalesReportAlreadyLoadedError,
  SalesReportCurrencyError,
  SalesReportFileNotFoundError,
  SalesReportNotFoundError,
  SalesReportRowsError,
  SalesReportTotalOutOfRangeError,
} from './finance.errors.ts';
import { roundMicrosToMinor } from './finance-money.ts';
import { findPeriod, UUID } from './periods.service.ts';
import { loadedReportOf, refuseLoadedFile, replaceRevisedReports, type ReportIdentity } from './sales-report-identity.ts';
import { copyInTransaction, copyText, type CopySink } from './sales-report-copy.ts';
import { jsonReadLines, type ReadLine } from './sales-report-lines.ts';

/** Cells named in a refusal; past this many faulty rows the 422 only counts the rest. */
export const MAX_ROW_ERRORS = 50;
/** Rows matched and sent to the COPY at once. */
const ROW_BATCH = 1_000;

export interface ReportHeader {
  period: FinancePeriod;
  source: string;
  currency: string | undefined;
  filename: string | null;
  fileKey: string | null;
  identity: ReportIdentity;
  /** Where a refusal of the whole file is keyed. */
  field: string;
}

export interface ReportContent {
  lines: AsyncIterable<ReadLine>;
  ignoredRecords(): Record<string, number>;
  /** The file's SHA-256 when it is known only once its lines were read (the header's identity then has none). */
  sha256?: () => Promise<string>;
}

type PendingRow = { row: number; line: SalesLine };

/** What a job watches of a load: its rows as they are read, its abort, and a last write in the load's own transaction. */
export interface LoadTracking {
  /** Called after each line read, with the lines read and matched so far. */
  rows(read: number, matched: number): void;
  /** Stops the load between batches (the job's lease lost, the service stopping): nothing is kept. */
  signal: AbortSignal;
  /** Runs last in the load's transaction, so what it writes commits with the report or not at all. */
  beforeCommit(tx: EntityManager, report: SalesReport): Promise<void>;
}

const ROW_COLUMNS = ['report_id', 'tenant_id', 'row_number', 'isrc', 'upc', 'territory', 'store', 'units', 'amount_micros', 'match_kind', 'track_id', 'release_id', 'artist_id'];
const COPY_ROWS = `copy "royalties"."sales_report_row" (${ROW_COLUMNS.map((column) => `"${column}"`).join(', ')}) from stdin`;

/**
 * Ties a batch to the catalogue's recording codes (ISRC to a track first, else UPC to a release)
 * and sends its rows to the load's COPY, in its text format.
 */
const copyBatch = async (sink: CopySink, matcher: LoadLineMatcher, report: SalesReport, batch: PendingRow[]) => {
  const matches = await matcher.match(batch.map(({ line }) => line));
  let matchedRows = 0;
  let matchedMicros = 0n;
  const owner = `${report.id}\t${report.tenantId}\t`;
  let rows = '';
  for (let index = 0; index < batch.length; index += 1) {
    const { row, line } = batch[index]!;
    const match = matches[index]!;
    if (match.matched) {
      matchedRows += 1;
      matchedMicros += line.amountMicros;
    }
    rows += `${owner}${row}\t${copyText(line.isrc)}\t${copyText(line.upc)}\t${copyText(line.territory)}\t${copyText(line.store)}\t${line.units}\t${line.amountMicros}\t${
      match.matched ?? '\\N'}\t${match.trackId ?? '\\N'}\t${match.releaseId ?? '\\N'}\t${match.artistId ?? '\\N'}\n`;
  }
  await sink.write(rows);
  return { matchedRows, matchedMicros };
};

/** 409 once the period's statement is no longer draft: a settled period takes no more sales. */
export const refuseSettledPeriod = async (em: EntityManager, period: FinancePeriod): Promise<void> => {
  const statement = await em.findOne(FinanceStatement, { tenantId: period.tenantId, periodId: period.id });
  if (statement && statement.status !== 'draft') throw new FinanceStateError(Messages.periodSettled);
};

/**
 * Reads, checks, matches and stores a report in one transaction, streaming its lines. A label
 * reconciles a report against the store's own total, so a report is taken whole or not at all:
 * one bad row refuses it (422, each faulty cell named, up to MAX_ROW_ERRORS rows) and nothing is
 * kept; so does an amount in another currency than the period's. Rows no recording matched are
 * kept and listed; they are not paid out. A file already loaded is refused (409) and a DSR
 * revision replaces the reports it revises (sales-report-identity).
 */
export const recordReport = async (
  em: EntityManager,
  catalogue: CataloguePort,
  principal: Principal,
  header: ReportHeader,
  content: ReportContent,
  tracking?: LoadTracking,
): Promise<SalesReport> => {
  const { period, identity } = header;
  if (header.currency && header.currency !== period.currency) throw new SalesReportCurrencyError(header.currency, period.currency);
  let digest = identity.sha256;
  try {
    return await em.transactional(async (tx) => {
      // The period row is locked as computing locks it: a report never slips in beside a statement being settled.
      await findPeriod(tx, period.tenantId, period.id, true);
      await refuseSettledPeriod(tx, period);
      await refuseLoadedFile(tx, period.tenantId, identity);
      const now = new Date();
      const report = tx.create(SalesReport, {
        id: randomUUID(),
        tenantId: period.tenantId,
        periodId: period.id,
        source: header.source,
        filename: header.filename,
        fileKey: header.fileKey,
        currency: period.currency,
        rowsTotal: 0,
        rowsMatched: 0,
        totalMicros: 0n,
        matchedMicros: 0n,
        createdAt: now,
        sha256: identity.sha256,
        ignoredRecords: {},
        dsrMessageId: identity.dsr?.messageId ?? null,
        dsrFileNumber: identity.dsr?.fileNumber ?? null,
        dsrNumberOfFiles: identity.dsr?.numberOfFiles ?? null,
        dsrProfile: identity.dsr?.profile ?? null,
        dsrSender: identity.dsr?.sender ?? null,
        dsrUsageStart: identity.dsr?.usageStart ?? null,
        dsrUsageEnd: identity.dsr?.usageEnd ?? null,
        replacedBy: null,
        supersededAt: null,
      });
      await tx.flush();
      // The load is all or nothing and its job re-runnable: a commit lost to a crash of the database
      // only leaves the job to be run again, so the commit need not wait for the WAL to reach disk.
      await tx.execute('set local synchronous_commit = off');
      const errors: Record<string, string[]> = {};
      let faultyRows = 0;
      // The copy of the catalogue's codes is read on connections of their own: the load's is the COPY's.
      const matcher = new LoadLineMatcher(() => em.fork(), catalogue, principal);
      // Counted in locals, not on the managed report, line after line; the report takes them once read.
      let rowsTotal = 0;
      let rowsMatched = 0;
      let totalMicros = 0n;
      let matchedMicros = 0n;
      await copyInTransaction(tx, COPY_ROWS, async (sink) => {
        let batch: PendingRow[] = [];
        const flushBatch = async () => {
          if (batch.length === 0) return;
          tracking?.signal.throwIfAborted();
          const done = await copyBatch(sink, matcher, report, batch);
          rowsMatched += done.matchedRows;
          matchedMicros += done.matchedMicros;
          batch = [];
        };
        for await (const read of content.lines) {
          if (read.currency !== null && read.currency !== period.currency) throw new SalesReportCurrencyError(read.currency, period.currency);
          rowsTotal += 1;
          tracking?.rows(rowsTotal, rowsMatched);
          if (!read.checked.ok) {
            faultyRows += 1;
            if (faultyRows <= MAX_ROW_ERRORS) for (const fault of read.checked.faults) (errors[fault.key] ??= []).push(fault.message);
            continue;
          }
          totalMicros += read.checked.line.amountMicros;
          if (!isStorable(totalMicros)) throw new SalesReportTotalOutOfRangeError(header.field);
          // After the first faulty row nothing more is written: the rest is only checked, so the 422 names every fault it can.
          if (faultyRows > 0) continue;
          batch.push({ row: read.row, line: read.checked.line });
          if (batch.length >= ROW_BATCH) await flushBatch();
        }
        if (faultyRows > MAX_ROW_ERRORS) errors[header.field] = [Messages.salesReportMoreErrors(faultyRows - MAX_ROW_ERRORS)];
        if (faultyRows > 0) throw new SalesReportRowsError(errors);
        if (rowsTotal === 0) throw new ValidationError({ [header.field]: [Messages.salesReportEmpty] }, Messages.salesReportEmpty);
        await flushBatch();
      });
      Object.assign(report, { rowsTotal, rowsMatched, totalMicros, matchedMicros });
      if (content.sha256) {
        digest = await content.sha256();
        // Asked before the report takes the digest, so that the report never finds itself.
        const loaded = await loadedReportOf(tx, period.tenantId, { sha256: digest, dsr: null });
        if (loaded) throw new SalesReportAlreadyLoadedError(loaded.id);
        report.sha256 = digest;
      }
      report.ignoredRecords = content.ignoredRecords();
      if (identity.dsr) await replaceRevisedReports(tx, report, identity.dsr, now);
      recordEvent(tx, FinanceEvents.salesReportRecorded, report.tenantId, {
        sales_report_id: report.id,
        period_id: period.id,
        currency: report.currency,
        rows_total: report.rowsTotal,
        rows_unmatched: report.rowsTotal - report.rowsMatched,
        total_minor: Number(roundMicrosToMinor(report.totalMicros)),
      });
      await tx.flush();
      await tracking?.beforeCommit(tx, report);
      return report;
    });
  } catch (error) {
    // Two uploads of one file at once, into different periods: the live-file indexes let one through.
    if (error instanceof UniqueConstraintViolationException) {
      const loaded = await loadedReportOf(em.fork(), period.tenantId, { ...identity, sha256: digest });
      if (loaded) throw new SalesReportAlreadyLoadedError(loaded.id);
    }
    throw error;
  }
};


/** POST /finance/sales-reports: the same report as JSON lines. */
export const createSalesReport = async (em: EntityManager, catalogue: CataloguePort, principal: Principal, body: CreateSalesReportBody): Promise<SalesReport> => {
  const period = await findPeriod(em, principal.tenant_id, body.period_id);
  const header: ReportHeader = {
    period,
    source: body.source,
    currency: body.currency,
    filename: null,
    fileKey: null,
    identity: { sha256: null, dsr: null },
    field: 'lines',
  };
  return recordReport(em, catalogue, principal, header, { lines: jsonReadLines(body.lines), ignoredRecords: () => ({}) });
};

export const findSalesReport = async (em: EntityManager, tenantId: string, reportId: string): Promise<SalesReport> => {
  if (!UUID.test(reportId)) throw new SalesReportNotFoundError();
  const report = await em.findOne(SalesReport, { id: reportId, tenantId });
  if (!report) throw new SalesReportNotFoundError();
  return report;
};

/** Where a report's uploaded file is stored, for another service to read the same bytes; a report of JSON lines has none. */
export const findSalesReportFile = async (em: EntityManager, tenantId: string, reportId: string): Promise<SalesReportFileReply> => {
  const report = UUID.test(reportId) ? await em.findOne(SalesReport, { id: reportId, tenantId }) : null;
  if (!report?.fileKey) throw new SalesReportFileNotFoundError();
  // The upload's size is kept on the job that loaded the file (the blob store has no size lookup);
  // left out once that job is gone.
  const job = await em.findOne(SalesReportJob, { tenantId, salesReportId: report.id, fileKey: report.fileKey }, { fields: ['bytesTotal'] });
  return {
    file_key: report.fileKey,
    file_name: report.filename ?? null,
    sha256: report.sha256 ?? null,
    dsr_message_id: report.dsrMessageId ?? null,
    dsr_file_number: report.dsrFileNumber ?? null,
    ...(job ? { file_size: job.bytesTotal } : {}),
  };
};

export const listSalesReports = (em: EntityManager, tenantId: string, query: SalesReportsQuery): Promise<FoundPage<SalesReport>> =>
  findPage(em, SalesReport, query.period_id ? { tenantId, periodId: query.period_id } : { tenantId }, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });

/** A report's rows in file order; `matched=false` the ones no recording matched. */
export const listSalesReportRows = async (
  em: EntityManager,
  tenantId: string,
  reportId: string,
  query: SalesReportRowsQuery,
): Promise<FoundPage<SalesReportRow>> => {
  const report = await findSalesReport(em, tenantId, reportId);
  const matched = query.matched === undefined ? {} : query.matched === 'true' ? { matchKind: { $ne: null } } : { matchKind: null };
  return findPage(em, SalesReportRow, { reportId: report.id, tenantId, ...matched }, {
    query,
    order: [{ property: 'rowNumber', direction: 'asc', type: 'integer' }],
  });
};
