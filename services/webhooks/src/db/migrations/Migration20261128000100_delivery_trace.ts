import { Migration } from '@mikro-orm/migrations';

/** The trace of the event a delivery came from, so its POST to the receiver continues that trace. */
export class Migration20261128000100_delivery_trace extends Migration {
  override name = 'Migration20261128000100_delivery_trace';

  override up(): void {
    this.addSql(`alter table "webhooks"."delivery" add column "trace_parent" text null`);
  }
}
