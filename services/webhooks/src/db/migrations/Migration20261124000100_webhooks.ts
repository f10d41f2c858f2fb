import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000100_webhooks extends Migration {
  override name = 'Migration20261124000100_webhooks';

  override up(): void {
    this.addSql(`create table "webhooks"."webhook" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "name" text not null,
      "url" text not null,
      "events" jsonb not null,
      "description" text null,
      "is_active" boolean not null default true,
      "secret_sealed" text not null,
      "secret_prefix" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    // Lists walk a tenant's live subscriptions newest first; delivery finds the active ones.
    this.addSql(`create index "webhook_tenant_live_idx"
      on "webhooks"."webhook" ("tenant_id", "created_at" desc, "id" desc) where "deleted_at" is null`);
  }
}
