import { Migration } from '@mikro-orm/migrations';

/** The first family's facts: snapshots ingested through the API, and royalty statements' lines. */
export class Migration20261210000100_reporting extends Migration {
  override name = 'Migration20261210000100_reporting';

  override up(): void {
    this.addSql(`create table "analytics"."report_snapshot" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "release_id" uuid not null,
      "release_title" text not null,
      "artist_id" uuid null,
      "dsp_name" text not null,
      "territory" text not null check ("territory" ~ '^[A-Z]{2}$'),
      "period_label" text not null,
      "period_start" date not null,
      "period_end" date not null check ("period_end" >= "period_start"),
      "streams" bigint not null check ("streams" >= 0),
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    // One figure per release, store, territory and period: ingesting it again replaces it.
    this.addSql(`create unique index "report_snapshot_key_idx"
      on "analytics"."report_snapshot" ("tenant_id", "release_id", "dsp_name", "territory", "period_label")`);
    // Every read is one tenant's date range; the covering columns keep the sums off the heap.
    this.addSql(`create index "report_snapshot_range_idx"
      on "analytics"."report_snapshot" ("tenant_id", "period_start")
      include ("release_id", "dsp_name", "territory", "streams", "artist_id")`);

    this.addSql(`create table "analytics"."royalty_fact" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "statement_id" uuid not null,
      "release_id" uuid null,
      "release_title" text null,
      "artist_id" uuid null,
      "dsp_name" text not null,
      "period_start" date not null,
      "streams" bigint not null,
      "revenue_micros" bigint not null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "royalty_fact_statement_idx" on "analytics"."royalty_fact" ("statement_id")`);
    this.addSql(`create index "royalty_fact_range_idx"
      on "analytics"."royalty_fact" ("tenant_id", "period_start")
      include ("release_id", "artist_id", "dsp_name", "streams", "revenue_micros")`);
  }
}
