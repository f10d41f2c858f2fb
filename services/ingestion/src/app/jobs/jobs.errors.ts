import { NotFoundError } from '@sv/platform';

export const INGESTION_JOB_NOT_FOUND = 'Ingestion job not found.';

export class IngestionJobNotFoundError extends NotFoundError {
  constructor() {
    super(INGESTION_JOB_NOT_FOUND, 'ingestion.job_not_found');
  }
}
