import { Migration } from '@mikro-orm/migrations';

/**
 * Report loads as jobs: a load is queued, answered at once, and run by the work queue, which keeps
 * its lease columns here; the job's progress is written while the load's own transaction runs.
 */
export class Migration20261210000800_report_load_jobs extends Migration {
  override name = 'Migration20261210000800_report_load_jobs';

  override up(): void {
    this.addSql(`create table "analytics"."report_load_job" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "status" text not null check ("status" in ('queued', 'running', 'completed', 'failed')),
      "origin" text not null check ("origin" in ('operator', 'finance')),
      "blob_key" text not null,
      "file_name" text not null,
      "store" text null,
      "source_ref" text null,
      "phase" text null,
      "bytes_total" bigint null,
      "bytes_read" bigint not null default 0,
      "rows_read" bigint not null default 0,
      "rows_matched" bigint null,
      "summary" jsonb null,
      "error" text null,
      "attempts" integer not null default 0,
      "lease_until" timestamptz null,
      "last_error" text null,
      "next_attempt_at" timestamptz not null default now(),
      "started_at" timestamptz null,
      "progress_at" timestamptz null,
      "finished_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    // One load per source: a finance report heard twice (a redelivered event) is queued once.
    this.addSql(`create unique index "report_load_job_source_uq" on "analytics"."report_load_job" ("tenant_id", "source_ref") where "source_ref" is not null`);
    // The work queue looks only at jobs not yet ended.
    this.addSql(`create index "report_load_job_open_idx" on "analytics"."report_load_job" ("next_attempt_at") where "status" in ('queued', 'running')`);
  }
}
