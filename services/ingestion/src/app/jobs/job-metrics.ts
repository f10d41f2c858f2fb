import { metricsRegistry } from '@sv/platform';
import { Histogram } from 'prom-client';

/** Submission to end of the jobs the worker runs (bulk, DDEX, CSV, SFTP), queue wait included; documented in docs/operations.md. */
export const ingestionJobDuration = new Histogram({
  name: 'sv_ingestion_job_duration_seconds',
  help: 'Time from an ingestion job being queued to its end, by source and final state (completed, partially_completed, failed).',
  labelNames: ['source', 'state'],
  buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
  registers: [metricsRegistry],
});
