import { DeliveryAttempt } from './entities/delivery-attempt.entity.ts';
import { Delivery } from './entities/delivery.entity.ts';
import { Webhook } from './entities/webhook.entity.ts';
import { Migration20261124000100_webhooks } from './migrations/Migration20261124000100_webhooks.ts';
import { Migration20261125000100_deliveries } from './migrations/Migration20261125000100_deliveries.ts';
import { Migration20261128000100_delivery_trace } from './migrations/Migration20261128000100_delivery_trace.ts';
import { Migration20261203000200_delivery_queue } from './migrations/Migration20261203000200_delivery_queue.ts';

/** The webhooks service's own Postgres schema; no other service reads or writes it. */
export const WEBHOOKS_SCHEMA = 'webhooks';

export const WEBHOOKS_ENTITIES = [Webhook, Delivery, DeliveryAttempt];

/** In order of application; names are the migration table's keys, never rename one. */
export const WEBHOOKS_MIGRATIONS = [
  { name: 'Migration20261124000100_webhooks', class: Migration20261124000100_webhooks },
  { name: 'Migration20261125000100_deliveries', class: Migration20261125000100_deliveries },
  { name: 'Migration20261128000100_delivery_trace', class: Migration20261128000100_delivery_trace },
  { name: 'Migration20261203000200_delivery_queue', class: Migration20261203000200_delivery_queue },
];
