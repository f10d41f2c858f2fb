import { z } from 'zod';

/*
 * Bodies and replies of the internal operations analytics asks other services, on the caller's (or
 * the event's tenant's) behalf so another tenant's records are never seen, and of the operator
 * command's operations analytics answers. Each side imports these schemas; the operation names are
 * in the answering service's operation object.
 */

// The body and reply of ReleaseOperation.describe.
export const RELEASES_DESCRIBE_BATCH = 1_000;
export const ReleasesDescribeBody = z.object({ ids: z.array(z.uuid()).max(RELEASES_DESCRIBE_BATCH) });
export type ReleasesDescribeBody = z.infer<typeof ReleasesDescribeBody>;
export const DescribedRelease = z.object({
  release_id: z.uuid(),
  title: z.string(),
  artist_id: z.uuid().nullable(),
  upc: z.string().nullable(),
});
export type DescribedRelease = z.infer<typeof DescribedRelease>;
export const ReleasesDescribeReply = z.object({ releases: z.array(DescribedRelease) });
export type ReleasesDescribeReply = z.infer<typeof ReleasesDescribeReply>;

// The reply of CatalogueOperation.counts.
export const CatalogueCountsReply = z.object({
  /** Releases of every type. */
  products: z.number().int().nonnegative(),
  /** Releases of the album type. */
  albums: z.number().int().nonnegative(),
  tracks: z.number().int().nonnegative(),
  artists: z.number().int().nonnegative(),
});
export type CatalogueCountsReply = z.infer<typeof CatalogueCountsReply>;

// The reply of ReleaseOperation.delivered.
export const DeliveredRelease = z.object({
  release_id: z.uuid(),
  title: z.string(),
  upc: z.string().nullable(),
  /** The barcode as the DDEX delivery carried it (the ICPN), which a store's report quotes. */
  delivered_barcode: z.string().nullable(),
});
export type DeliveredRelease = z.infer<typeof DeliveredRelease>;
export const ReleasesDeliveredReply = z.object({ releases: z.array(DeliveredRelease) });
export type ReleasesDeliveredReply = z.infer<typeof ReleasesDeliveredReply>;

// The body and reply of RoyaltyOperation.statementFacts.
export const StatementFactsBody = z.object({ statement_id: z.uuid() });
export const StatementFact = z.object({
  release_id: z.uuid().nullable(),
  release_title: z.string().nullable(),
  artist_id: z.uuid().nullable(),
  dsp_name: z.string(),
  /** As the statement's lines give it: YYYY-MM or YYYY-MM-DD. */
  period: z.string(),
  streams: z.number().int(),
  /** Micro-units as a decimal integer string (signed: adjustments are negative). */
  revenue_micros: z.string().regex(/^-?\d+$/),
});
export type StatementFact = z.infer<typeof StatementFact>;
export const StatementFactsReply = z.object({ statement_id: z.uuid(), status: z.string(), facts: z.array(StatementFact) });
export type StatementFactsReply = z.infer<typeof StatementFactsReply>;

// The body of AnalyticsOperation.streamingLoadFile (its reply is a ReportLoadJobReply, below).
export const StreamingLoadFileBody = z.object({
  /** A private blob of the principal's tenant (`private/<tenant>/…`). */
  blob_key: z.string().min(1).max(500),
  file_name: z.string().trim().min(1).max(255),
  /** Names the store, over what the file itself says. */
  store: z.string().trim().min(1).max(100).optional(),
  /** The file's size, when the caller knows it: the job's percentage is of it. */
  size_bytes: z.number().int().nonnegative().optional(),
});
export type StreamingLoadFileBody = z.infer<typeof StreamingLoadFileBody>;

// The body of AnalyticsOperation.streamingLoadJob (its reply is a ReportLoadJobReply, below).
export const StreamingLoadJobBody = z.object({ job_id: z.uuid() });
export type StreamingLoadJobBody = z.infer<typeof StreamingLoadJobBody>;

/** What a loaded report file holds, as the operator command prints it. */
export const StreamingReportSummary = z.object({
  uuid: z.uuid(),
  file_name: z.string(),
  store: z.string(),
  format: z.enum(['dsr', 'csv']),
  kind: z.enum(['streams', 'playlists', 'charts']),
  sha256: z.string(),
  size_bytes: z.number().int().nonnegative(),
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
  rows: z.number().int().nonnegative(),
  /** DSR usages of a use type that is neither a stream nor a download (ringtones, say), or naming neither an ISRC nor a UPC. */
  skipped_rows: z.number().int().nonnegative(),
  /** Record types of a DSR that its profile's reader does not use (musical works, deal terms), with how many of each: `{"MW01.01": 4}`; `{}` for a CSV. */
  ignored_records: z.record(z.string(), z.number().int().nonnegative()),
  matched: z.object({ isrc: z.number().int().nonnegative(), upc: z.number().int().nonnegative(), unmatched: z.number().int().nonnegative() }),
  /** Rows of earlier loads this load replaced: the same file loaded again, or days a later file revised. */
  replaced_rows: z.number().int().nonnegative(),
  loaded_at: z.string(),
});
export type StreamingReportSummary = z.infer<typeof StreamingReportSummary>;
/** What the operator command prints once a load completes. */
export const StreamingLoadFileReply = z.object({ report: StreamingReportSummary });
export type StreamingLoadFileReply = z.infer<typeof StreamingLoadFileReply>;

export const ReportLoadJobStatus = z.enum(['queued', 'running', 'completed', 'failed']);
export type ReportLoadJobStatus = z.infer<typeof ReportLoadJobStatus>;
/** Who asked for the load: the operator command, or finance recording a sales report of the same file. */
export const ReportLoadJobOrigin = z.enum(['operator', 'finance']);
export type ReportLoadJobOrigin = z.infer<typeof ReportLoadJobOrigin>;

/** A report load job as analytics shows it; `summary` once completed, `error` once failed. */
export const ReportLoadJob = z.object({
  uuid: z.uuid(),
  status: ReportLoadJobStatus,
  origin: ReportLoadJobOrigin,
  file_name: z.string(),
  store: z.string().nullable(),
  /** What queued it beside the operator, e.g. `sales_report:<uuid>`. */
  source_ref: z.string().nullable(),
  progress: z.object({
    /** reading, matching, writing, rollups; null before the load starts and after it ends. */
    phase: z.string().nullable(),
    bytes_total: z.number().int().nonnegative().nullable(),
    bytes_read: z.number().int().nonnegative(),
    rows_read: z.number().int().nonnegative(),
    /** Known once the load has matched its rows (at its end). */
    rows_matched: z.number().int().nonnegative().nullable(),
    /** Of the bytes read; 100 once completed. Null while the size is unknown. */
    percent: z.number().min(0).max(100).nullable(),
    /** Seconds left at the rate the file has been read so far; null until there is a rate. */
    eta_seconds: z.number().int().nonnegative().nullable(),
  }),
  summary: StreamingReportSummary.nullable(),
  error: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ReportLoadJob = z.infer<typeof ReportLoadJob>;
export const ReportLoadJobReply = z.object({ job: ReportLoadJob });
export type ReportLoadJobReply = z.infer<typeof ReportLoadJobReply>;
