import { AudioCheck } from './entities/audio-check.entity.ts';
import { DeliveryAttempt } from './entities/delivery-attempt.entity.ts';
import { FileDigest } from './entities/file-digest.entity.ts';
import { Delivery } from './entities/delivery.entity.ts';
import { QcRun } from './entities/qc-run.entity.ts';
import { StoreState } from './entities/store-state.entity.ts';
import { Migration20261126000100_delivery } from './migrations/Migration20261126000100_delivery.ts';
import { Migration20261126000200_file_digests } from './migrations/Migration20261126000200_file_digests.ts';
import { Migration20261126000300_drop_worker_lease } from './migrations/Migration20261126000300_drop_worker_lease.ts';
import { Migration20261201000500_work_queues } from './migrations/Migration20261201000500_work_queues.ts';
import { Migration20261201000600_delivery_lead_time } from './migrations/Migration20261201000600_delivery_lead_time.ts';
import { Migration20261213000100_delivery_batch_numbers } from './migrations/Migration20261213000100_delivery_batch_numbers.ts';

/** The delivery service's own Postgres schema; no other service reads or writes it. */
export const DELIVERY_SCHEMA = 'delivery';

export const DELIVERY_ENTITIES = [QcRun, AudioCheck, Delivery, DeliveryAttempt, StoreState, FileDigest];

/** In order of application; names are the migration table's keys, never rename one. */
export const DELIVERY_MIGRATIONS = [
  { name: 'Migration20261126000100_delivery', class: Migration20261126000100_delivery },
  { name: 'Migration20261126000200_file_digests', class: Migration20261126000200_file_digests },
  { name: 'Migration20261126000300_drop_worker_lease', class: Migration20261126000300_drop_worker_lease },
  { name: 'Migration20261201000500_work_queues', class: Migration20261201000500_work_queues },
  { name: 'Migration20261201000600_delivery_lead_time', class: Migration20261201000600_delivery_lead_time },
  { name: 'Migration20261213000100_delivery_batch_numbers', class: Migration20261213000100_delivery_batch_numbers },
];
