import { Migration } from '@mikro-orm/migrations';

/**
 * A sales report file loaded as a job: the upload answers at once and the platform's work queue
 * reads, matches and stores the file, the job showing how far it got and how it ended. The queue's
 * own columns (attempts, lease_until, last_error, next_attempt_at) let another replica take over a
 * job whose worker died.
 */
export class Migration20261202001100_sales_report_jobs extends Migration {
  override name = 'Migration20261202001100_sales_report_jobs';

  override up(): void {
    this.addSql(`create table "royalties"."sales_report_job" (
      "id" uuid not null primary key,
      "tenant_id" uuid not null,
      "period_id" uuid not null references "royalties"."finance_period" ("id"),
      "status" text not null check ("status" in ('queued', 'running', 'completed', 'failed')),
      "principal" jsonb not null,
      "file_key" text not null,
      "file_name" text not null,
      "source" text null,
      "currency" text null,
      "bytes_total" bigint not null check ("bytes_total" >= 0),
      "bytes_read" bigint not null default 0 check ("bytes_read" >= 0),
      "rows_read" integer not null default 0 check ("rows_read" >= 0),
      "rows_matched" integer not null default 0 check ("rows_matched" >= 0),
      "progress_at" timestamptz null,
      "errors" jsonb null,
      "error" text null,
      "sales_report_id" uuid null references "royalties"."sales_report" ("id"),
      "attempts" integer not null default 0,
      "lease_until" timestamptz null,
      "last_error" text null,
      "next_attempt_at" timestamptz not null default now(),
      "created_at" timestamptz not null,
      "started_at" timestamptz null,
      "finished_at" timestamptz null,
      check (("status" = 'completed') = ("sales_report_id" is not null))
    )`);
    this.addSql(`create index "sales_report_job_tenant_idx" on "royalties"."sales_report_job" ("tenant_id", "created_at")`);
    // The queue claims among the jobs still to do, oldest first.
    this.addSql(`create index "sales_report_job_ready_idx" on "royalties"."sales_report_job" ("created_at") where "status" in ('queued', 'running')`);
  }
}
