import { IngestionJob } from './entities/ingestion-job.entity.ts';
import { SftpDelivery } from './entities/sftp-delivery.entity.ts';
import { SftpSupplier } from './entities/sftp-supplier.entity.ts';
import { Migration20261201000100_ingestion_jobs } from './migrations/Migration20261201000100_ingestion_jobs.ts';
import { Migration20261201000200_job_warnings } from './migrations/Migration20261201000200_job_warnings.ts';
import { Migration20261201000300_sftp_drop_folder } from './migrations/Migration20261201000300_sftp_drop_folder.ts';
import { Migration20261201000400_job_queue } from './migrations/Migration20261201000400_job_queue.ts';

/** The ingestion service's own Postgres schema; no other service reads or writes it. */
export const INGESTION_SCHEMA = 'ingestion';

export const INGESTION_ENTITIES = [IngestionJob, SftpSupplier, SftpDelivery];

/** In order of application; names are the migration table's keys, never rename one. */
export const INGESTION_MIGRATIONS = [
  { name: 'Migration20261201000100_ingestion_jobs', class: Migration20261201000100_ingestion_jobs },
  { name: 'Migration20261201000200_job_warnings', class: Migration20261201000200_job_warnings },
  { name: 'Migration20261201000300_sftp_drop_folder', class: Migration20261201000300_sftp_drop_folder },
  { name: 'Migration20261201000400_job_queue', class: Migration20261201000400_job_queue },
];
