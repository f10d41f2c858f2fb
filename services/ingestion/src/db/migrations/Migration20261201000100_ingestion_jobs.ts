import { Migration } from '@mikro-orm/migrations';

export class Migration20261201000100_ingestion_jobs extends Migration {
  override name = 'Migration20261201000100_ingestion_jobs';

  override up(): void {
    this.addSql(`create table "ingestion"."ingestion_job" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "source" text not null,
      "state" text not null,
      "principal" jsonb not null,
      "input" jsonb null,
      "files" jsonb not null default '[]',
      "validation_errors" jsonb not null default '{}',
      "items_total" integer not null default 0,
      "items_done" integer not null default 0,
      "items_failed" integer not null default 0,
      "release_ids" jsonb not null default '[]',
      "error" text null,
      "claimed_until" timestamptz null,
      "started_at" timestamptz null,
      "finished_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    // Lists walk a tenant's jobs newest first, filtered by channel and state.
    this.addSql(`create index "ingestion_job_tenant_idx" on "ingestion"."ingestion_job" ("tenant_id", "created_at" desc, "id" desc)`);
    // The worker looks only at jobs not yet finished.
    this.addSql(`create index "ingestion_job_open_idx" on "ingestion"."ingestion_job" ("created_at")
      where "state" in ('queued', 'validating', 'importing')`);
  }
}
