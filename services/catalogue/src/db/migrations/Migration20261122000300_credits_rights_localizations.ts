import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000300_credits_rights_localizations extends Migration {
  override name = 'Migration20261122000300_credits_rights_localizations';

  override up(): void {
    // Writers and publishers: an IPI names one party, so it is unique among a tenant's live rows.
    for (const table of ['writer', 'publisher'] as const) {
      const writerOnly = table === 'writer' ? `"first_name" text null, "last_name" text null, "isni" text null,` : '';
      this.addSql(`create table "catalogue"."${table}" (
        "id" uuid primary key,
        "tenant_id" uuid not null,
        "name" text not null,
        "sort_name" text not null,
        ${writerOnly}
        "ipi" char(11) null check ("ipi" ~ '^[0-9]{11}$'),
        "pro" text null,
        "country" char(2) null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        "deleted_at" timestamptz null
      )`);
      this.addSql(`create unique index "${table}_tenant_ipi_live_uq"
        on "catalogue"."${table}" ("tenant_id", "ipi") where "deleted_at" is null and "ipi" is not null`);
      this.addSql(`create index "${table}_tenant_sort_idx"
        on "catalogue"."${table}" ("tenant_id", "sort_name", "id") where "deleted_at" is null`);
    }

    this.addSql(`create table "catalogue"."collaborator" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "name" text not null,
      "sort_name" text not null,
      "email" text null,
      "role" text null,
      "artist_id" uuid null references "catalogue"."artist" ("id"),
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    this.addSql(`create index "collaborator_tenant_sort_idx"
      on "catalogue"."collaborator" ("tenant_id", "sort_name", "id") where "deleted_at" is null`);

    // One row per credit; which party column is set depends on the kind.
    this.addSql(`create table "catalogue"."track_credit" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "track_id" uuid not null references "catalogue"."track" ("id"),
      "kind" text not null check ("kind" in ('writer', 'publisher', 'collaborator')),
      "position" integer not null check ("position" >= 0),
      "writer_id" uuid null references "catalogue"."writer" ("id"),
      "publisher_id" uuid null references "catalogue"."publisher" ("id"),
      "collaborator_id" uuid null references "catalogue"."collaborator" ("id"),
      "role" text null,
      "share" numeric(5,2) null check ("share" between 0 and 100),
      "created_at" timestamptz not null,
      check (
        ("kind" = 'writer' and "writer_id" is not null and "publisher_id" is null and "collaborator_id" is null
          and "role" in ('composer', 'lyricist', 'composer_lyricist', 'arranger', 'translator') and "share" is not null)
        or ("kind" = 'publisher' and "publisher_id" is not null and "collaborator_id" is null
          and "role" is null and "share" is not null)
        or ("kind" = 'collaborator' and "collaborator_id" is not null and "writer_id" is null and "publisher_id" is null
          and "role" is not null and "share" is null)
      )
    )`);
    this.addSql(`create index "track_credit_track_idx" on "catalogue"."track_credit" ("track_id", "kind", "position")`);
    this.addSql(`create unique index "track_credit_writer_role_uq"
      on "catalogue"."track_credit" ("track_id", "writer_id", "role") where "kind" = 'writer'`);

    // Rights belong to a release or to a track, never both.
    this.addSql(`create table "catalogue"."rights_record" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "release_id" uuid null references "catalogue"."release" ("id"),
      "track_id" uuid null references "catalogue"."track" ("id"),
      "position" integer not null check ("position" >= 0),
      "type" text not null check ("type" in ('master', 'publishing', 'neighbouring', 'sync')),
      "holder" text not null,
      "share" numeric(5,2) not null check ("share" between 0 and 100),
      "territory_codes" jsonb not null default '[]',
      "start_date" date null,
      "end_date" date null,
      "p_line" text null,
      "c_line" text null,
      "created_at" timestamptz not null,
      check (("release_id" is null) <> ("track_id" is null)),
      check ("start_date" is null or "end_date" is null or "start_date" <= "end_date")
    )`);
    this.addSql(`create index "rights_record_release_idx"
      on "catalogue"."rights_record" ("release_id", "position") where "release_id" is not null`);
    this.addSql(`create index "rights_record_track_idx"
      on "catalogue"."rights_record" ("track_id", "position") where "track_id" is not null`);

    this.addSql(`create table "catalogue"."release_localization" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "release_id" uuid not null references "catalogue"."release" ("id"),
      "locale" text not null,
      "title" text null,
      "title_version" text null,
      "label" text null,
      "description" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      check (coalesce("title", "title_version", "label", "description") is not null)
    )`);
    this.addSql(`create unique index "release_localization_release_locale_uq"
      on "catalogue"."release_localization" ("release_id", "locale")`);
  }
}
