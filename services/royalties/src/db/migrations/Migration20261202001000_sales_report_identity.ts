import { Migration } from '@mikro-orm/migrations';

/**
 * What tells a sales report file already loaded (the SHA-256 of its bytes; a DSR's MessageId and
 * FileNumber) and a revised DSR (the sender, profile and usage period it covers), with the mark a
 * revision leaves on the reports it replaced. A replaced report is kept, with its rows, for the
 * record; only live reports count towards a period's statements.
 */
export class Migration20261202001000_sales_report_identity extends Migration {
  override name = 'Migration20261202001000_sales_report_identity';

  override up(): void {
    this.addSql(`alter table "royalties"."sales_report"
      add column "sha256" text null check ("sha256" ~ '^[0-9a-f]{64}$'),
      add column "ignored_records" jsonb not null default '{}'::jsonb,
      add column "dsr_message_id" text null,
      add column "dsr_file_number" integer null check ("dsr_file_number" >= 1),
      add column "dsr_number_of_files" integer null check ("dsr_number_of_files" >= "dsr_file_number"),
      add column "dsr_profile" text null,
      add column "dsr_sender" text null,
      add column "dsr_usage_start" date null,
      add column "dsr_usage_end" date null,
      add column "replaced_by" uuid null references "royalties"."sales_report" ("id"),
      add column "superseded_at" timestamptz null,
      add check (("dsr_message_id" is null) = ("dsr_file_number" is null)),
      add check (("replaced_by" is null) = ("superseded_at" is null))`);
    // One live report per file and per DSR file of a message; the service refuses replaced ones too.
    this.addSql(`create unique index "sales_report_live_sha256_uq" on "royalties"."sales_report" ("tenant_id", "sha256")
      where "superseded_at" is null and "sha256" is not null`);
    this.addSql(`create unique index "sales_report_live_dsr_file_uq" on "royalties"."sales_report" ("tenant_id", "dsr_message_id", "dsr_file_number")
      where "superseded_at" is null and "dsr_message_id" is not null`);
    // A revision finds the live reports of the same store, profile and usage period in its period.
    this.addSql(`create index "sales_report_live_dsr_coverage_idx" on "royalties"."sales_report" ("period_id", "dsr_sender", "dsr_profile", "dsr_usage_start", "dsr_usage_end")
      where "superseded_at" is null and "dsr_message_id" is not null`);
  }
}
