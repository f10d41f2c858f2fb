import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  FinanceEvents,
  Messages,
  RECORDINGS_MATCH_BATCH,
  SalesReportUploadFields,
  type CreateSalesReportBody,
  type MatchedRelease,
  type MatchedTrack,
  type Principal,
  type SalesReportRowsQuery,
  type SalesReportsQuery,
  type UploadedFile,
} from '@sv/contracts';
import { assertCan, findPage, parseOrThrow, recordEvent, ValidationError, type BlobStore, type FoundPage } from '@sv/platform';
import { FinanceStatement } from '../../db/entities/finance-statement.entity.ts';
import { SalesReportRow } from '../../db/entities/sales-report-row.entity.ts';
import { SalesReport } from '../../db/entities/sales-report.entity.ts';
import type { FinancePeriod } from '../../db/entities/finance-period.entity.ts';
import type { CataloguePort } from '../catalogue-port.ts';
import { isStorable } from '../ledger/money.ts';
import { FinanceStateError, SalesReportNotFoundError, SalesReportRowsError, SalesReportTotalOutOfRangeError } from './finance.errors.ts';
import { roundMicrosToMinor } from './finance-money.ts';
import { findPeriod, UUID } from './periods.service.ts';
import { csvSalesLines, jsonSalesLines, SALES_REPORT_FIELD, type LocatedLine } from './sales-report-csv.ts';
import { checkSalesLine, type SalesLine } from './sales-lines.ts';

/** Cells named in a refusal; past this many faulty rows the 422 only counts the rest. */
export const MAX_ROW_ERRORS = 50;

export interface SalesReportDeps {
  blobs: BlobStore;
  catalogue: CataloguePort;
}

interface ReportHeader {
  period: FinancePeriod;
  source: string;
  currency: string | undefined;
  filename: string | null;
  fileKey: string | null;
  /** Where a refusal of the whole file is keyed. */
  field: string;
}

type PendingRow = { row: number; line: SalesLine };

/** Ties a batch to the catalogue (ISRC to a track first, else UPC to a release) and inserts it in one statement. */
const insertBatch = async (tx: EntityManager, catalogue: CataloguePort, principal: Principal, report: SalesReport, batch: PendingRow[]) => {
  const isrcs = [...new Set(batch.flatMap(({ line }) => (line.isrc ? [line.isrc] : [])))];
  const upcs = [...new Set(batch.flatMap(({ line }) => (line.upc ? [line.upc] : [])))];
  const matched = await catalogue.matchRecordings(principal, { isrcs, upcs });
  const tracks = new Map<string, MatchedTrack>(matched.tracks.map((track) => [track.isrc.toUpperCase(), track]));
  const releases = new Map<string, MatchedRelease>(matched.releases.map((release) => [release.upc, release]));
  let matchedRows = 0;
  let matchedMicros = 0n;
  const rows = batch.map(({ row, line }) => {
    const track = line.isrc ? tracks.get(line.isrc) : undefined;
    const release = !track && line.upc ? releases.get(line.upc) : undefined;
    if (track || release) {
      matchedRows += 1;
      matchedMicros += line.amountMicros;
    }
    return {
      reportId: report.id,
      rowNumber: row,
      tenantId: report.tenantId,
      isrc: line.isrc,
      upc: line.upc,
      territory: line.territory,
      store: line.store,
      units: line.units,
      amountMicros: line.amountMicros,
      matchKind: track ? 'track' : release ? 'release' : null,
      trackId: track?.track_id ?? null,
      releaseId: track?.release_id ?? release?.release_id ?? null,
      artistId: track ? track.artist_id : (release?.artist_id ?? null),
    };
  });
  await tx.insertMany(SalesReportRow, rows);
  return { matchedRows, matchedMicros };
};

/**
 * Reads, checks, matches and stores a report in one transaction, streaming its lines. A label
 * reconciles a report against the store's own total, so a report is taken whole or not at all:
 * one bad row refuses it (422, each faulty cell named, up to MAX_ROW_ERRORS rows) and nothing is
 * kept. Rows no recording matched are kept and listed; they are not paid out.
 */
const recordReport = (em: EntityManager, catalogue: CataloguePort, principal: Principal, header: ReportHeader, lines: AsyncIterable<LocatedLine>) => {
  const { period } = header;
  if (header.currency && header.currency !== period.currency) {
    throw new ValidationError({ currency: [Messages.salesReportCurrency(period.currency)] });
  }
  return em.transactional(async (tx) => {
    // The period row is locked as computing locks it: a report never slips in beside a statement being settled.
    await findPeriod(tx, period.tenantId, period.id, true);
    const statement = await tx.findOne(FinanceStatement, { tenantId: period.tenantId, periodId: period.id });
    if (statement && statement.status !== 'draft') throw new FinanceStateError(Messages.periodSettled);
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
      createdAt: new Date(),
    });
    await tx.flush();
    const errors: Record<string, string[]> = {};
    let faultyRows = 0;
    let batch: PendingRow[] = [];
    const flushBatch = async () => {
      if (batch.length === 0) return;
      const done = await insertBatch(tx, catalogue, principal, report, batch);
      report.rowsMatched += done.matchedRows;
      report.matchedMicros += done.matchedMicros;
      batch = [];
    };
    for await (const located of lines) {
      const check = checkSalesLine(located.raw);
      report.rowsTotal += 1;
      if (!check.ok) {
        faultyRows += 1;
        if (faultyRows <= MAX_ROW_ERRORS) for (const fault of check.errors) (errors[located.keyOf(fault.column)] ??= []).push(fault.message);
        continue;
      }
      report.totalMicros += check.line.amountMicros;
      if (!isStorable(report.totalMicros)) throw new SalesReportTotalOutOfRangeError(header.field);
      // After the first faulty row nothing more is written: the rest is only checked, so the 422 names every fault it can.
      if (faultyRows > 0) continue;
      batch.push({ row: located.row, line: check.line });
      if (batch.length >= RECORDINGS_MATCH_BATCH) await flushBatch();
    }
    if (faultyRows > MAX_ROW_ERRORS) errors[header.field] = [Messages.salesReportMoreErrors(faultyRows - MAX_ROW_ERRORS)];
    if (faultyRows > 0) throw new SalesReportRowsError(errors);
    if (report.rowsTotal === 0) throw new ValidationError({ [header.field]: [Messages.salesReportEmpty] }, Messages.salesReportEmpty);
    await flushBatch();
    recordEvent(tx, FinanceEvents.salesReportRecorded, report.tenantId, {
      sales_report_id: report.id,
      period_id: period.id,
      currency: report.currency,
      rows_total: report.rowsTotal,
      rows_unmatched: report.rowsTotal - report.rowsMatched,
      total_minor: Number(roundMicrosToMinor(report.totalMicros)),
    });
    await tx.flush();
    return report;
  });
};

/**
 * POST /finance/periods/{uuid}/sales-reports: the gateway has streamed the file into the blob
 * store; it is read back as a stream. A refused upload's file is removed, since nothing refers to it.
 */
export const uploadSalesReport = async (
  deps: SalesReportDeps,
  em: EntityManager,
  principal: Principal,
  periodId: string,
  fields: unknown,
  files: UploadedFile[],
): Promise<SalesReport> => {
  const upload = files.find((file) => file.field === SALES_REPORT_FIELD) ?? files[0];
  try {
    assertCan(principal, 'finance.manage');
    const form = parseOrThrow(SalesReportUploadFields, fields ?? {});
    const period = await findPeriod(em, principal.tenant_id, periodId);
    if (!upload) throw new ValidationError({ [SALES_REPORT_FIELD]: ['The sales_report file is required.'] });
    const header: ReportHeader = {
      period,
      source: form.source ?? upload.filename,
      currency: form.currency,
      filename: upload.filename,
      fileKey: upload.key,
      field: SALES_REPORT_FIELD,
    };
    return await recordReport(em, deps.catalogue, principal, header, csvSalesLines(await deps.blobs.read(upload.key)));
  } catch (error) {
    // The refusal is the answer; a file left behind by a failed removal is only storage.
    if (upload) await deps.blobs.remove(upload.key).catch(() => undefined);
    throw error;
  }
};

/** POST /finance/sales-reports: the same report as JSON lines. */
export const createSalesReport = async (
  em: EntityManager,
  catalogue: CataloguePort,
  principal: Principal,
  body: CreateSalesReportBody,
): Promise<SalesReport> => {
  const period = await findPeriod(em, principal.tenant_id, body.period_id);
  const header: ReportHeader = { period, source: body.source, currency: body.currency, filename: null, fileKey: null, field: 'lines' };
  return recordReport(em, catalogue, principal, header, jsonSalesLines(body.lines));
};

export const findSalesReport = async (em: EntityManager, tenantId: string, reportId: string): Promise<SalesReport> => {
  if (!UUID.test(reportId)) throw new SalesReportNotFoundError();
  const report = await em.findOne(SalesReport, { id: reportId, tenantId });
  if (!report) throw new SalesReportNotFoundError();
  return report;
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
