import { Migration } from '@mikro-orm/migrations';

/**
 * Deliveries on the kit's work queue: the queue keeps why the last attempt failed (the error a
 * given-up delivery ends with), and its claim looks up a subscription's pending deliveries to
 * keep each subscription to its share of the leases.
 */
export class Migration20261203000200_delivery_queue extends Migration {
  override name = 'Migration20261203000200_delivery_queue';

  override up(): void {
    this.addSql(`alter table "webhooks"."delivery" add column "last_error" text null`);
    this.addSql(`create index "delivery_pending_subscription_idx"
      on "webhooks"."delivery" ("subscription_id", "next_attempt_at") where "status" = 'pending'`);
  }
}
