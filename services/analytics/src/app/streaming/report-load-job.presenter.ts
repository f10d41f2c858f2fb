import type { ReportLoadJob as ReportLoadJobBody } from '@sv/contracts';
import type { ReportLoadJob } from '../../db/entities/report-load-job.entity.ts';

/** The share of the file read, to a tenth of a percent; 100 once the load completed. */
const percentOf = (job: ReportLoadJob): number | null => {
  if (job.status === 'completed') return 100;
  if (!job.bytesTotal) return null;
  return Math.min(100, Math.floor((job.bytesRead / job.bytesTotal) * 1000) / 10);
};

/**
 * Seconds left to read the rest of the file at the rate read so far (both times the database's);
 * null until a running load has read something of a file of known size. Matching, writing and the
 * rollups come after the reading: the phase says when the estimate no longer covers what is left.
 */
const etaOf = (job: ReportLoadJob): number | null => {
  if (job.status !== 'running' || !job.bytesTotal || !job.startedAt || !job.progressAt || job.bytesRead <= 0) return null;
  const seconds = (job.progressAt.getTime() - job.startedAt.getTime()) / 1000;
  if (seconds <= 0) return null;
  return Math.max(0, Math.ceil((job.bytesTotal - job.bytesRead) / (job.bytesRead / seconds)));
};

export const presentReportLoadJob = (job: ReportLoadJob): ReportLoadJobBody => ({
  uuid: job.id,
  status: job.status,
  origin: job.origin,
  file_name: job.fileName,
  store: job.store ?? null,
  source_ref: job.sourceRef ?? null,
  progress: {
    phase: job.phase ?? null,
    bytes_total: job.bytesTotal ?? null,
    bytes_read: job.bytesRead,
    rows_read: job.rowsRead,
    rows_matched: job.rowsMatched ?? null,
    percent: percentOf(job),
    eta_seconds: etaOf(job),
  },
  summary: job.summary ?? null,
  error: job.error ?? null,
  attempts: job.attempts,
  created_at: job.createdAt.toISOString(),
  started_at: job.startedAt?.toISOString() ?? null,
  finished_at: job.finishedAt?.toISOString() ?? null,
});
