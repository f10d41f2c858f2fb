import { Migration } from '@mikro-orm/migrations';

export class Migration20261201000300_sftp_drop_folder extends Migration {
  override name = 'Migration20261201000300_sftp_drop_folder';

  override up(): void {
    this.addSql(`create table "ingestion"."sftp_supplier" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "tenant_slug" text not null,
      "folder_name" text not null,
      "public_key" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create unique index "sftp_supplier_tenant_unique" on "ingestion"."sftp_supplier" ("tenant_id")`);
    this.addSql(`create unique index "sftp_supplier_folder_unique" on "ingestion"."sftp_supplier" ("folder_name")`);
    this.addSql(`create table "ingestion"."sftp_delivery" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "tenant_slug" text not null,
      "name" text not null,
      "state" text not null check ("state" in ('importing', 'done', 'failed')),
      "job_ids" jsonb not null,
      "file_errors" jsonb not null,
      "created_at" timestamptz not null,
      "finished_at" timestamptz
    )`);
    this.addSql(`create index "sftp_delivery_importing" on "ingestion"."sftp_delivery" ("created_at") where "state" = 'importing'`);
  }
}
