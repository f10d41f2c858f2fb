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
import { SalesReportRow } from '../../db/entities/sales-report-row.entity.ts';
import { SalesReport } from '../../db/entities/sales-report.entity.ts';
import { FinanceStatement } from '../../db/entities/finance-statement.entity.ts';
import type { FinancePeriod } from '../../db/entities/finance-period.entity.ts';
import { isStorable } from '../ledger/money.ts';
import type { CataloguePort } from '../catalogue-port.ts';
import { matchLinesKeptFirst } from '../recording-codes/line-code-matching.ts';
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
import { jsonReadLines, type ReadLine } from './sales-report-lines.ts';

/** Cells named in a refusal; past this many faulty rows the 422 only counts the rest. */
export const MAX_ROW_ERRORS = 50;
/** Rows matched and inserted at once. */
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

/** Ties a batch to the catalogue's recording codes (ISRC to a track first, else UPC to a release) and inserts it in one statement. */
const insertBatch = async (tx: EntityManager, catalogue: CataloguePort, principal: Principal, report: SalesReport, batch: PendingRow[]) => {
  const matches = await matchLinesKeptFirst(tx, catalogue, principal, batch.map(({ line }) => line));
  let matchedRows = 0;
  let matchedMicros = 0n;
  const rows = batch.map(({ row, line }, index) => {
    const match = matches[index]!;
    if (match.matched) {
      matchedRows += 1;
      matchedMicros += line.amountMicros;
    }
    return {
      row_number: row,
      isrc: line.isrc,
      upc: line.upc,
      territory: line.territory,
      store: line.store,
      units: String(line.units),
      amount_micros: line.amountMicros.toString(),
      match_kind: match.matched,
      track_id: match.trackId,
      release_id: match.releaseId,
      artist_id: match.artistId,
    };
  });
  // One JSON parameter for the whole batch: a multi-row VALUES of 13 parameters a row cost
  // Postgres more to parse and plan than the insert itself (most of a large report's load).
  await tx.execute(
    `insert into "royalties"."sales_report_row"
       ("report_id", "tenant_id", "row_number", "isrc", "upc", "territory", "store", "units", "amount_micros", "match_kind", "track_id", "release_id", "artist_id")
     select ?::uuid, ?::uuid, r."row_number", r."isrc", r."upc", r."territory", r."store", r."units", r."amount_micros", r."match_kind", r."track_id", r."release_id", r."artist_id"
       from jsonb_to_recordset(?::jsonb) as r("row_number" integer, "isrc" text, "upc" text, "territory" text, "store" text, "units" bigint,
            "amount_micros" bigint, "match_kind" text, "track_id" uuid, "release_id" uuid, "artist_id" uuid)`,
    [report.id, report.tenantId, JSON.stringify(rows)],
  );
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
      const errors: Record<string, string[]> = {};
      let faultyRows = 0;
      let batch: PendingRow[] = [];
      const flushBatch = async () => {
        if (batch.length === 0) return;
        tracking?.signal.throwIfAborted();
        const done = await insertBatch(tx, catalogue, principal, report, batch);
        report.rowsMatched += done.matchedRows;
        report.matchedMicros += done.matchedMicros;
        batch = [];
      };
      for await (const read of content.lines) {
        if (read.currency !== null && read.currency !== period.currency) throw new SalesReportCurrencyError(read.currency, period.currency);
        report.rowsTotal += 1;
        tracking?.rows(report.rowsTotal, report.rowsMatched);
        if (!read.checked.ok) {
          faultyRows += 1;
          if (faultyRows <= MAX_ROW_ERRORS) for (const fault of read.checked.faults) (errors[fault.key] ??= []).push(fault.message);
          continue;
        }
        report.totalMicros += read.checked.line.amountMicros;
        if (!isStorable(report.totalMicros)) throw new SalesReportTotalOutOfRangeError(header.field);
        // After the first faulty row nothing more is written: the rest is only checked, so the 422 names every fault it can.
        if (faultyRows > 0) continue;
        batch.push({ row: read.row, line: read.checked.line });
        if (batch.length >= ROW_BATCH) await flushBatch();
      }
      if (faultyRows > MAX_ROW_ERRORS) errors[header.field] = [Messages.salesReportMoreErrors(faultyRows - MAX_ROW_ERRORS)];
      if (faultyRows > 0) throw new SalesReportRowsError(errors);
      if (report.rowsTotal === 0) throw new ValidationError({ [header.field]: [Messages.salesReportEmpty] }, Messages.salesReportEmpty);
      await flushBatch();
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
      const loaded = await loadedReportOf(em.fork(), period.tenantId, identity);
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
  return {
    file_key: report.fileKey,
    file_name: report.filename ?? null,
    sha256: report.sha256 ?? null,
    dsr_message_id: report.dsrMessageId ?? null,
    dsr_file_number: report.dsrFileNumber ?? null,
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
