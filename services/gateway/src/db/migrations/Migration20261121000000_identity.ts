import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000_identity extends Migration {
  override name = 'Migration20261121000000_identity';

  override up(): void {
    this.addSql(`create table "gateway"."tenant" (
      "id" uuid primary key,
      "slug" text not null,
      "name" text not null,
      "parent_id" uuid null references "gateway"."tenant" ("id"),
      "ddex_party_id" text not null,
      "domain" text null,
      "status" text not null default 'active' check ("status" in ('active', 'suspended')),
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    this.addSql(`create unique index "tenant_slug_live_uq" on "gateway"."tenant" ("slug") where "deleted_at" is null`);
    this.addSql(`create unique index "tenant_ddex_party_id_uq" on "gateway"."tenant" ("ddex_party_id")`);
    this.addSql(`create unique index "tenant_domain_live_uq" on "gateway"."tenant" (lower("domain"))
      where "deleted_at" is null and "domain" is not null`);

    this.addSql(`create table "gateway"."tenant_plan" (
      "tenant_id" uuid primary key references "gateway"."tenant" ("id"),
      "releases_per_year" integer not null check ("releases_per_year" >= 0),
      "video_distribution" boolean not null default false,
      "updated_at" timestamptz not null
    )`);

    this.addSql(`create table "gateway"."invoice" (
      "id" uuid primary key,
      "tenant_id" uuid not null references "gateway"."tenant" ("id"),
      "status" text not null check ("status" in ('open', 'paid')),
      "due_at" timestamptz not null,
      "paid_at" timestamptz null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "invoice_open_idx" on "gateway"."invoice" ("tenant_id", "due_at") where "status" = 'open'`);

    this.addSql(`create table "gateway"."app_user" (
      "id" uuid primary key,
      "tenant_id" uuid not null references "gateway"."tenant" ("id"),
      "email" text not null,
      "password_hash" text not null,
      "role" text not null,
      "artist_id" uuid null,
      "status" text not null default 'active' check ("status" in ('active', 'suspended')),
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    this.addSql(`create unique index "app_user_tenant_email_live_uq" on "gateway"."app_user" ("tenant_id", lower("email"))
      where "deleted_at" is null`);

    this.addSql(`create table "gateway"."api_key" (
      "id" uuid primary key,
      "tenant_id" uuid not null references "gateway"."tenant" ("id"),
      "prefix" text not null,
      "digest" text not null,
      "role" text not null,
      "artist_id" uuid null,
      "roster" boolean not null default false,
      "expires_at" timestamptz null,
      "revoked_at" timestamptz null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create unique index "api_key_prefix_uq" on "gateway"."api_key" ("prefix")`);
    this.addSql(`create index "api_key_tenant_idx" on "gateway"."api_key" ("tenant_id")`);
  }
}
