import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000100_edge extends Migration {
  override name = 'Migration20261121000100_edge';

  override up(): void {
    // Fixed one-minute windows shared by every gateway replica.
    this.addSql(`create table "gateway"."rate_limit_window" (
      "bucket" text not null,
      "window_start" timestamptz not null,
      "count" integer not null,
      primary key ("bucket", "window_start")
    )`);
    this.addSql(`create index "rate_limit_window_start_idx" on "gateway"."rate_limit_window" ("window_start")`);

    // Stored responses of keyed writes, per tenant, for 24 hours.
    this.addSql(`create table "gateway"."idempotency_record" (
      "tenant_id" uuid not null,
      "key" text not null,
      "fingerprint" text not null,
      "state" text not null check ("state" in ('in_progress', 'completed')),
      "response_status" integer null,
      "response_headers" jsonb null,
      "response_body" jsonb null,
      "locked_at" timestamptz not null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      primary key ("tenant_id", "key")
    )`);
    this.addSql(`create index "idempotency_record_expires_idx" on "gateway"."idempotency_record" ("expires_at")`);
  }
}
