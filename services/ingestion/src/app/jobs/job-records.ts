import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IngestionJobState, IngestionSource, Principal } from '@sv/contracts';
import { IngestionJob, type JobFile } from '../../db/entities/ingestion-job.entity.ts';
import { recordJobEvent } from './job-events.ts';

export interface NewJob {
  source: IngestionSource;
  principal: Principal;
  state: Extract<IngestionJobState, 'queued' | 'completed'>;
  input?: unknown;
  files?: JobFile[];
  itemsTotal: number;
  itemsDone?: number;
  releaseIds?: string[];
}

/** Records a job and its lifecycle event in one transaction. */
export const createJob = async (em: EntityManager, job: NewJob): Promise<IngestionJob> => {
  const now = new Date();
  const finished = job.state === 'completed';
  const record = em.create(IngestionJob, {
    id: randomUUID(),
    tenantId: job.principal.tenant_id,
    source: job.source,
    state: job.state,
    principal: job.principal,
    input: finished ? null : (job.input ?? null),
    files: job.files ?? [],
    validationErrors: {},
    warnings: {},
    itemsTotal: job.itemsTotal,
    itemsDone: job.itemsDone ?? 0,
    itemsFailed: 0,
    releaseIds: job.releaseIds ?? [],
    error: null,
    claimedUntil: null,
    attempts: 0,
    lastError: null,
    startedAt: finished ? now : null,
    finishedAt: finished ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  await em.transactional(async (tx) => {
    tx.persist(record);
    recordJobEvent(tx, record);
  });
  return record;
};
