import { Migration } from '@mikro-orm/migrations';

/**
 * A delivery keeps the day it should reach its store by (the release date less the store's lead
 * time) and whether it was queued after that day; deliveries queued before lead times have neither.
 */
export class Migration20261201000600_delivery_lead_time extends Migration {
  override name = 'Migration20261201000600_delivery_lead_time';

  override up(): void {
    this.addSql(`alter table "delivery"."delivery"
      add column if not exists "deliver_by" date null,
      add column if not exists "late" boolean not null default false`);
  }

  override down(): void {
    this.addSql(`alter table "delivery"."delivery" drop column if exists "deliver_by", drop column if exists "late"`);
  }
}
