import type { EntityManager } from '@mikro-orm/postgresql';
import { BULK_BATCH_LIMIT, Messages, type Principal } from '@sv/contracts';
import { DomainError, ValidationError, assertCanCreateRelease } from '@sv/platform';
import type { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import { createJob } from '../jobs/job-records.ts';

/** What a bulk job keeps until its worker has imported it. */
export interface BulkJobInput {
  releases: unknown[];
}

/** The batch's entries, from `{releases: [...]}` or a bare array; the ceiling before anything else. */
const entriesOf = (body: unknown): unknown[] => {
  const entries = Array.isArray(body) ? body : (body as { releases?: unknown } | null)?.releases;
  if (!Array.isArray(entries)) throw new ValidationError({ releases: ['Send the releases as an array, or as {"releases": [...]}.'] });
  if (entries.length > BULK_BATCH_LIMIT) throw new DomainError('payload_too_large', Messages.bulkLimit, { code: 'ingestion.bulk_limit' });
  if (entries.length === 0) throw new ValidationError({ releases: ['Send at least one release.'] });
  return entries;
};

/**
 * POST /ingestion/bulk: the batch is queued as one job and answered at once; the worker validates
 * and imports each release on its own.
 */
export const queueBulk = async (em: EntityManager, principal: Principal, body: unknown): Promise<IngestionJob> => {
  assertCanCreateRelease(principal);
  const releases = entriesOf(body);
  return createJob(em, { source: 'bulk', principal, state: 'queued', input: { releases } satisfies BulkJobInput, itemsTotal: releases.length });
};
