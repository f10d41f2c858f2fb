import type { Readable } from 'node:stream';
import { detectReportFormat, openCsvReport, openDsrReport, ReportFileError } from '@sv/reports';
import { dsrStreamReport } from './dsr-stream-records.ts';
import type { OpenedReport, ReportFormat } from './report-records.ts';
import { MalformedReportError } from './streaming.errors.ts';

/*
 * Report files are read by the shared report intake; this is where its rows and refusals become
 * the streaming family's records and domain errors.
 */

/** The intake's refusal as the family's: the cell by its name where the layout names it, else by its position. */
export const malformedReportOf = (error: ReportFileError): MalformedReportError =>
  new MalformedReportError(error.line, error.field ?? (error.column === null ? null : String(error.column)), error.reason);

const asDomainError = (error: unknown): unknown => (error instanceof ReportFileError ? malformedReportOf(error) : error);

/** The records as read, a refusal met on the way thrown as the family's own. */
async function* refusalsTranslated<T>(records: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* records;
  } catch (error) {
    throw asDomainError(error);
  }
}

/**
 * Tells a DSR flat file from a CSV report by its first meaningful line (reading at most its first
 * 64 KB), then closes `source`.
 */
export const detectFormat = async (source: Readable): Promise<ReportFormat> => (await detectReportFormat(source)).format;

/**
 * Opens a report of a known format (see detectFormat): a DSR of any profile the intake reads, or
 * one of the platform's CSV layouts. A file it cannot read (a DSR profile it does not know, usages
 * that yield no row, a bad cell) is refused with MalformedReportError, when opened or as read.
 */
export const openReport = async (source: Readable, format: ReportFormat): Promise<OpenedReport> => {
  try {
    if (format === 'dsr') {
      const report = dsrStreamReport(await openDsrReport(source));
      return { ...report, records: refusalsTranslated(report.records) };
    }
    const report = await openCsvReport(source);
    const base = { format: 'csv' as const, store: null, period: null, messageId: null, skipped: () => 0, ignoredRecords: () => ({}) };
    if (report.kind === 'streams') return { ...base, kind: report.kind, records: refusalsTranslated(report.records) };
    if (report.kind === 'playlists') return { ...base, kind: report.kind, records: refusalsTranslated(report.records) };
    return { ...base, kind: report.kind, records: refusalsTranslated(report.records) };
  } catch (error) {
    throw asDomainError(error);
  }
};
