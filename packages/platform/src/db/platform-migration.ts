import { Migration } from '@mikro-orm/migrations';

/** The outbox and inbox tables every service schema has; the first migration of each service. */
export const platformMigration = (schema: string) => ({
  name: 'Migration20261101000000_platform',
  class: class PlatformTables extends Migration {
    override up(): void {
      this.addSql(`create table if not exists "${schema}"."outbox_event" (
        "id" uuid primary key,
        "type" text not null,
        "tenant_id" uuid null,
        "envelope" jsonb not null,
        "request_id" text null,
        "created_at" timestamptz not null default now(),
        "published_at" timestamptz null
      )`);
      this.addSql(`create index if not exists "outbox_event_unpublished_idx"
        on "${schema}"."outbox_event" ("created_at") where "published_at" is null`);
      this.addSql(`create table if not exists "${schema}"."inbox_message" (
        "consumer" text not null,
        "event_id" uuid not null,
        "received_at" timestamptz not null default now(),
        primary key ("consumer", "event_id")
      )`);
    }
  },
});

/** The trace context a state change ran in, kept with its outbox row so the published event continues that trace. */
export const platformTraceMigration = (schema: string) => ({
  name: 'Migration20261101000100_platform_trace',
  class: class PlatformTrace extends Migration {
    override up(): void {
      this.addSql(`alter table "${schema}"."outbox_event" add column if not exists "trace_parent" text null`);
    }
  },
});
