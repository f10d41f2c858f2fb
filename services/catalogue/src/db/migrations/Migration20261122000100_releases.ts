import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000100_releases extends Migration {
  override name = 'Migration20261122000100_releases';

  override up(): void {
    this.addSql(`create table "catalogue"."release" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "artist_id" uuid null,
      "title" text not null,
      "type" text not null check ("type" in ('single', 'ep', 'album')),
      "status" text not null default 'draft'
        check ("status" in ('draft', 'pending', 'qc_inspection', 'approved', 'rejected', 'live', 'taken_down')),
      "upc" text not null,
      "release_date" date null,
      "genre" text not null,
      "subgenre" text null,
      "language" text null,
      "label" text null,
      "copyright_year" integer not null,
      "copyright_holder" text null,
      "artwork_url" text null,
      "artwork_key" text null,
      "rejection_reason" text null,
      "first_submitted_at" timestamptz null,
      "submitted_at" timestamptz null,
      "approved_at" timestamptz null,
      "delivered_at" timestamptz null,
      "live_at" timestamptz null,
      "taken_down_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    // A UPC names one product: unique among a tenant's live releases (a deleted release frees it).
    this.addSql(`create unique index "release_tenant_upc_live_uq"
      on "catalogue"."release" ("tenant_id", "upc") where "deleted_at" is null`);
    // The list: newest first, within a tenant, optionally by artist or status.
    this.addSql(`create index "release_tenant_created_idx"
      on "catalogue"."release" ("tenant_id", "created_at" desc, "id" desc) where "deleted_at" is null`);
    this.addSql(`create index "release_tenant_artist_idx"
      on "catalogue"."release" ("tenant_id", "artist_id") where "deleted_at" is null`);
    // Auto-assigned UPCs come from one counter, so two never collide even across tenants.
    this.addSql(`create sequence "catalogue"."upc_serial" start 1`);
  }
}
