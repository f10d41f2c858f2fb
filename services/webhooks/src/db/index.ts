import { Webhook } from './entities/webhook.entity.ts';
import { Migration20261124000100_webhooks } from './migrations/Migration20261124000100_webhooks.ts';

/** The webhooks service's own Postgres schema; no other service reads or writes it. */
export const WEBHOOKS_SCHEMA = 'webhooks';

export const WEBHOOKS_ENTITIES = [Webhook];

/** In order of application; names are the migration table's keys, never rename one. */
export const WEBHOOKS_MIGRATIONS = [
  { name: 'Migration20261124000100_webhooks', class: Migration20261124000100_webhooks },
];
