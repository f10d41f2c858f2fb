import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { IngestionJobsQuery } from '@sv/contracts';
import { findPage, ValidationError, type FoundPage } from '@sv/platform';
import { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import { IngestionJobNotFoundError } from './jobs.errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

export const findJob = async (em: EntityManager, tenantId: string, jobId: string): Promise<IngestionJob> => {
  const job = UUID.test(jobId) ? await em.findOne(IngestionJob, { id: jobId, tenantId }) : null;
  if (!job) throw new IngestionJobNotFoundError();
  return job;
};

/** A tenant's jobs, newest first; `from` and `to` are whole UTC days of the creation time. */
export const listJobs = async (em: EntityManager, tenantId: string, query: IngestionJobsQuery): Promise<FoundPage<IngestionJob>> => {
  if (query.from && query.to && query.from > query.to) throw new ValidationError({ from: ['The from date must not be after the to date.'] });
  const createdAt: Record<string, Date> = {};
  if (query.from) createdAt.$gte = new Date(`${query.from}T00:00:00Z`);
  if (query.to) createdAt.$lt = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
  const scope: FilterQuery<IngestionJob> = {
    tenantId,
    ...(query.source ? { source: query.source } : {}),
    ...(query.state ? { state: query.state as IngestionJob['state'] } : {}),
    ...(query.from || query.to ? { createdAt } : {}),
  };
  return findPage(em, IngestionJob, scope, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });
};
