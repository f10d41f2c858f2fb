import type { EntityManager } from '@mikro-orm/postgresql';
import type { IngestionReleaseBody, Principal } from '@sv/contracts';
import { assertCanCreateRelease, type Logger } from '@sv/platform';
import type { IngestionJob } from '../../db/entities/ingestion-job.entity.ts';
import type { CataloguePort, ImportedRelease } from '../import/ports.ts';
import { createJob } from '../jobs/job-records.ts';

export interface JsonIngestionDeps {
  catalogue: CataloguePort;
  logger: Logger;
}

/**
 * POST /ingestion/json: the release and its tracks are created at once by the catalogue (all or
 * nothing), then the job records it. Two steps in two services: when the job cannot be recorded,
 * the release is discarded again, so a failure leaves nothing behind.
 */
export const ingestJson = async (
  deps: JsonIngestionDeps,
  em: EntityManager,
  principal: Principal,
  body: IngestionReleaseBody,
): Promise<{ job: IngestionJob; release: ImportedRelease }> => {
  assertCanCreateRelease(principal);
  const release = await deps.catalogue.importRelease(principal, { release: body });
  try {
    const job = await createJob(em, { source: 'json', principal, state: 'completed', itemsTotal: 1, itemsDone: 1, releaseIds: [release.uuid] });
    return { job, release };
  } catch (error) {
    await deps.catalogue.discardRelease(principal, release.uuid).catch((discardError: unknown) => {
      deps.logger.error({ err: discardError, release_id: release.uuid }, 'an imported release whose job failed could not be discarded');
    });
    throw error;
  }
};
