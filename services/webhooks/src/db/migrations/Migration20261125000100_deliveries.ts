import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000100_deliveries extends Migration {
  override name = 'Migration20261125000100_deliveries';

  override up(): void {
    // One row per (subscription, event): the unique pair makes a redelivered message a no-op.
    this.addSql(`create table "webhooks"."delivery" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "subscription_id" uuid not null references "webhooks"."webhook" ("id"),
      "event_id" uuid not null,
      "event_type" text not null,
      "occurred_at" timestamptz not null,
      "payload" jsonb not null,
      "status" text not null check ("status" in ('pending', 'delivered', 'failed')),
      "attempts" integer not null default 0,
      "next_attempt_at" timestamptz null,
      "claimed_until" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "delivery_subscription_event_unique" unique ("subscription_id", "event_id")
    )`);
    // The worker's scan: pending deliveries by due time.
    this.addSql(`create index "delivery_due_idx"
      on "webhooks"."delivery" ("next_attempt_at") where "status" = 'pending'`);
    this.addSql(`create table "webhooks"."delivery_attempt" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "subscription_id" uuid not null references "webhooks"."webhook" ("id"),
      "delivery_id" uuid not null references "webhooks"."delivery" ("id"),
      "event_id" uuid not null,
      "event_type" text not null,
      "attempt" integer not null,
      "status_code" integer null,
      "duration_ms" integer not null,
      "error" text null,
      "response_excerpt" text null,
      "next_retry_at" timestamptz null,
      "created_at" timestamptz not null
    )`);
    // The attempt log reads one subscription's attempts newest first.
    this.addSql(`create index "delivery_attempt_subscription_idx"
      on "webhooks"."delivery_attempt" ("subscription_id", "created_at" desc, "id" desc)`);
  }
}
