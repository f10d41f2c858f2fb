import type { EntityManager } from '@mikro-orm/postgresql';
import { IngestionEvents } from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import type { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';

const jobChange = (job: IngestionJob) => ({
  ingestion_job_id: job.id,
  source: job.source,
  state: job.state,
  items_total: job.itemsTotal,
  items_done: job.itemsDone,
  items_failed: job.itemsFailed,
  release_ids: job.releaseIds,
});

/** The job's lifecycle event for the state it is now in, in the same transaction as the change. */
export const recordJobEvent = (em: EntityManager, job: IngestionJob): void => {
  switch (job.state) {
    case 'queued':
      recordEvent(em, IngestionEvents.queued, job.tenantId, jobChange(job));
      return;
    case 'validating':
      recordEvent(em, IngestionEvents.started, job.tenantId, jobChange(job));
      return;
    case 'completed':
    case 'partially_completed':
      recordEvent(em, IngestionEvents.completed, job.tenantId, jobChange(job));
      return;
    case 'failed':
      recordEvent(em, IngestionEvents.failed, job.tenantId, { ...jobChange(job), error: job.error ?? 'The job failed.' });
      return;
    case 'importing':
      return;
  }
};
