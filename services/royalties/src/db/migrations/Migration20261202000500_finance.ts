import { Migration } from '@mikro-orm/migrations';

export class Migration20261202000500_finance extends Migration {
  override name = 'Migration20261202000500_finance';

  override up(): void {
    this.addSql(`create table "royalties"."finance_period" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "code" text not null,
      "name" text null,
      "starts_on" text not null check ("starts_on" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      "ends_on" text not null check ("ends_on" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and "ends_on" >= "starts_on"),
      "currency" text not null check ("currency" ~ '^[A-Z]{3}$'),
      "created_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    // A code once among a tenant's live periods: the database settles two concurrent creates.
    this.addSql(`create unique index "finance_period_live_code_idx" on "royalties"."finance_period" ("tenant_id", "code") where "deleted_at" is null`);
    this.addSql(`create index "finance_period_tenant_created_idx" on "royalties"."finance_period" ("tenant_id", "created_at" desc, "id" desc)`);

    this.addSql(`create table "royalties"."sales_report" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "period_id" uuid not null references "royalties"."finance_period" ("id"),
      "source" text not null,
      "filename" text null,
      "file_key" text null,
      "currency" text not null check ("currency" ~ '^[A-Z]{3}$'),
      "rows_total" integer not null check ("rows_total" >= 0),
      "rows_matched" integer not null check ("rows_matched" between 0 and "rows_total"),
      "total_micros" bigint not null,
      "matched_micros" bigint not null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "sales_report_tenant_created_idx" on "royalties"."sales_report" ("tenant_id", "created_at" desc, "id" desc)`);
    this.addSql(`create index "sales_report_period_idx" on "royalties"."sales_report" ("period_id")`);

    this.addSql(`create table "royalties"."sales_report_row" (
      "report_id" uuid not null references "royalties"."sales_report" ("id") on delete cascade,
      "row_number" integer not null,
      "tenant_id" uuid not null,
      "isrc" text null,
      "upc" text null,
      "territory" text null,
      "store" text null,
      "units" bigint not null check ("units" >= 0),
      "amount_micros" bigint not null check ("amount_micros" >= 0),
      "match_kind" text null check ("match_kind" in ('track', 'release')),
      "track_id" uuid null,
      "release_id" uuid null,
      "artist_id" uuid null,
      primary key ("report_id", "row_number")
    )`);
    // The unmatched rows of a report are listed on their own.
    this.addSql(`create index "sales_report_row_unmatched_idx" on "royalties"."sales_report_row" ("report_id", "row_number") where "match_kind" is null`);

    this.addSql(`create table "royalties"."finance_statement" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "period_id" uuid not null references "royalties"."finance_period" ("id"),
      "currency" text not null check ("currency" ~ '^[A-Z]{3}$'),
      "status" text not null check ("status" in ('draft', 'approved', 'locked', 'paid')),
      "total_minor" bigint not null,
      "report_total_minor" bigint not null,
      "unmatched_minor" bigint not null,
      "payee_count" integer not null check ("payee_count" >= 0),
      "approved_at" timestamptz null,
      "locked_at" timestamptz null,
      "paid_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      check ("total_minor" = "report_total_minor" - "unmatched_minor")
    )`);
    // One statement per period: recomputing replaces the draft.
    this.addSql(`create unique index "finance_statement_period_idx" on "royalties"."finance_statement" ("period_id")`);
    this.addSql(`create index "finance_statement_tenant_created_idx" on "royalties"."finance_statement" ("tenant_id", "created_at" desc, "id" desc)`);

    this.addSql(`create table "royalties"."payout" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "period_id" uuid null references "royalties"."finance_period" ("id"),
      "currency" text not null check ("currency" ~ '^[A-Z]{3}$'),
      "amount_minor" bigint not null check ("amount_minor" >= 0),
      "status" text not null check ("status" in ('completed', 'simulated')),
      "simulated" boolean not null,
      "note" text null,
      "payee_statement_ids" jsonb not null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "payout_tenant_created_idx" on "royalties"."payout" ("tenant_id", "created_at" desc, "id" desc)`);

    this.addSql(`create table "royalties"."payee_statement" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "statement_id" uuid not null references "royalties"."finance_statement" ("id") on delete cascade,
      "period_id" uuid not null references "royalties"."finance_period" ("id"),
      "payee_type" text not null check ("payee_type" in ('artist', 'user', 'writer', 'external', 'tenant')),
      "payee_id" uuid null,
      "name" text null,
      "email" text null,
      "currency" text not null check ("currency" ~ '^[A-Z]{3}$'),
      "amount_minor" bigint not null check ("amount_minor" >= 0),
      "exact_micros" bigint not null check ("exact_micros" >= 0),
      "status" text not null check ("status" in ('draft', 'approved', 'paid')),
      "payout_id" uuid null references "royalties"."payout" ("id"),
      "approved_at" timestamptz null,
      "paid_at" timestamptz null,
      "created_at" timestamptz not null,
      check (("status" = 'paid') = ("payout_id" is not null))
    )`);
    this.addSql(`create index "payee_statement_statement_idx" on "royalties"."payee_statement" ("statement_id")`);
    this.addSql(`create index "payee_statement_tenant_created_idx" on "royalties"."payee_statement" ("tenant_id", "created_at" desc, "id" desc)`);
  }
}
