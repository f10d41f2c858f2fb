import { Migration } from '@mikro-orm/migrations';

export class Migration20261202000700_statement_documents extends Migration {
  override name = 'Migration20261202000700_statement_documents';

  override up(): void {
    this.addSql(`create table "royalties"."statement_document" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "payee_type" text not null check ("payee_type" in ('artist', 'tenant')),
      "payee_id" uuid null,
      "period" text not null check ("period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      "fingerprint" text not null,
      "blob_key" text not null,
      "created_at" timestamptz not null
    )`);
    // One document per content: two readers rendering the same month at once keep one of them.
    this.addSql(`create unique index "statement_document_content_idx"
      on "royalties"."statement_document" ("tenant_id", "payee_type", coalesce("payee_id", '00000000-0000-0000-0000-000000000000'::uuid), "period", "fingerprint")`);
  }
}
