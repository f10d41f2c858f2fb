import type { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';

/** The job as the API returns it: state, files, validation errors, the releases it produced and its progress. */
export const presentJob = (job: IngestionJob) => ({
  uuid: job.id,
  source: job.source,
  state: job.state,
  files: job.files,
  validation_errors: job.validationErrors,
  warnings: job.warnings,
  /** The first release produced (the spec's field); release_ids has them all. */
  release_id: job.releaseIds[0] ?? null,
  release_ids: job.releaseIds,
  items_total: job.itemsTotal,
  items_done: job.itemsDone,
  items_failed: job.itemsFailed,
  progress: { done: job.itemsDone + job.itemsFailed, total: job.itemsTotal },
  error: job.error,
  started_at: job.startedAt?.toISOString() ?? null,
  finished_at: job.finishedAt?.toISOString() ?? null,
  created_at: job.createdAt.toISOString(),
  updated_at: job.updatedAt.toISOString(),
});
