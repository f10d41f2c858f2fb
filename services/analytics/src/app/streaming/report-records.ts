import type { ReportRecords } from '@sv/reports';

/*
 * What a DSP report file holds once read, whatever its format: day-level stream records, playlist
 * records or chart records (the shapes of the shared report intake), and what its header says.
 */

export { STREAM_COUNTS, zeroCounts, type ChartRecord, type PlaylistRecord, type ReportKind, type StreamCount, type StreamRecord } from '@sv/reports';

export type ReportFormat = 'dsr' | 'csv';

/** A report file opened: what its header says, then its records one at a time. */
export type OpenedReport = ReportRecords & {
  format: ReportFormat;
  /** The store the file's header names (a DSR's sender); null when its lines name it. */
  store: string | null;
  /** The period a DSR's header declares; null for a CSV (its days are its lines'). */
  period: { first: string; last: string } | null;
  /** A DSR's MessageId: the files of one multi-file message share it. */
  messageId: string | null;
  /** Usage records left out because they are neither streams nor downloads, or name no ISRC or UPC (read once all records are). */
  skipped(): number;
  /** Record types the file holds that its reader does not use, with how many of each (read once all records are). */
  ignoredRecords(): Record<string, number>;
};
