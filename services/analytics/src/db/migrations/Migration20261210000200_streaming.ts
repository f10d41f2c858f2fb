import { Migration } from '@mikro-orm/migrations';

const counts = (names: string[]): string =>
  names.map((name) => `"${name}" bigint not null default 0 check ("${name}" >= 0)`).join(',\n      ');

/** Every split a day-level stream row (and its rollups) carries. */
const STREAM_SPLITS = [
  'streams',
  'downloads',
  'streams_standard',
  'streams_premium',
  'streams_organic',
  'streams_curated',
  'streams_desktop',
  'streams_mobile',
  'played_30s',
  'played_60s',
  'played_90s',
];

/**
 * The streaming family: DSP report files, their day-level rows (streams, playlists, charts), and
 * the rollups rebuilt on every load so each read is an indexed query of one tenant over a small
 * table. Every index leads with the tenant.
 */
export class Migration20261210000200_streaming extends Migration {
  override name = 'Migration20261210000200_streaming';

  override up(): void {
    this.addSql(`create table "analytics"."report_file" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "store" text not null,
      "format" text not null check ("format" in ('dsr', 'csv')),
      "kind" text not null check ("kind" in ('streams', 'playlists', 'charts')),
      "file_name" text not null,
      "sha256" text not null check ("sha256" ~ '^[0-9a-f]{64}$'),
      "size_bytes" bigint not null check ("size_bytes" >= 0),
      "blob_key" text null,
      "message_id" text null,
      "first_day" date null,
      "last_day" date null check ("last_day" >= "first_day"),
      "row_count" integer not null check ("row_count" >= 0),
      "skipped_count" integer not null check ("skipped_count" >= 0),
      "matched_isrc" integer not null check ("matched_isrc" >= 0),
      "matched_upc" integer not null check ("matched_upc" >= 0),
      "unmatched" integer not null check ("unmatched" >= 0),
      "replaced_rows" integer not null check ("replaced_rows" >= 0),
      "loaded_at" timestamptz not null
    )`);
    // The same bytes loaded again are the same file: its rows are replaced, never doubled.
    this.addSql(`create unique index "report_file_content_idx" on "analytics"."report_file" ("tenant_id", "sha256")`);
    this.addSql(`create index "report_file_latest_idx" on "analytics"."report_file" ("tenant_id", "kind", "last_day", "loaded_at")`);

    this.addSql(`create table "analytics"."stream_row" (
      "id" bigint generated always as identity primary key,
      "tenant_id" uuid not null,
      "file_id" uuid not null references "analytics"."report_file" ("id") on delete cascade,
      "store" text not null,
      "day" date not null,
      "territory" text not null check ("territory" ~ '^[A-Z]{2}$'),
      "isrc" text null,
      "upc" text null check ("isrc" is not null or "upc" is not null),
      "track_id" uuid null,
      "release_id" uuid null,
      "artist_id" uuid null,
      "matched_by" text null check ("matched_by" in ('isrc', 'upc')),
      "title" text not null,
      "artist_name" text not null,
      ${counts(STREAM_SPLITS)}
    )`);
    this.addSql(`create index "stream_row_file_idx" on "analytics"."stream_row" ("file_id")`);
    // Rollup rebuilds read a tenant's days; a later file replaces a store's territory-days.
    this.addSql(`create index "stream_row_day_idx" on "analytics"."stream_row" ("tenant_id", "day", "store", "territory")`);

    this.addSql(`create table "analytics"."playlist_row" (
      "id" bigint generated always as identity primary key,
      "tenant_id" uuid not null,
      "file_id" uuid not null references "analytics"."report_file" ("id") on delete cascade,
      "store" text not null,
      "day" date not null,
      "playlist" text not null,
      "playlist_followers" integer null check ("playlist_followers" >= 0),
      "isrc" text null,
      "upc" text null,
      "track_id" uuid null,
      "release_id" uuid null,
      "artist_id" uuid null,
      "matched_by" text null check ("matched_by" in ('isrc', 'upc')),
      "title" text not null,
      "artist_name" text not null,
      ${counts(['streams', 'streams_standard', 'streams_premium'])}
    )`);
    this.addSql(`create index "playlist_row_file_idx" on "analytics"."playlist_row" ("file_id")`);
    this.addSql(`create index "playlist_row_day_idx" on "analytics"."playlist_row" ("tenant_id", "day", "store")`);

    this.addSql(`create table "analytics"."chart_row" (
      "id" bigint generated always as identity primary key,
      "tenant_id" uuid not null,
      "file_id" uuid not null references "analytics"."report_file" ("id") on delete cascade,
      "store" text not null,
      "day" date not null,
      "chart" text not null,
      "genre" text null,
      "territory" text not null check ("territory" ~ '^[A-Z]{2}$'),
      "position" integer not null check ("position" >= 1),
      "previous" integer null check ("previous" >= 1),
      "isrc" text null,
      "upc" text null,
      "track_id" uuid null,
      "release_id" uuid null,
      "artist_id" uuid null,
      "matched_by" text null check ("matched_by" in ('isrc', 'upc')),
      "title" text not null,
      "artist_name" text not null
    )`);
    this.addSql(`create index "chart_row_file_idx" on "analytics"."chart_row" ("file_id")`);
    this.addSql(`create index "chart_row_day_idx" on "analytics"."chart_row" ("tenant_id", "day", "store", "territory")`);

    // Rollup: one row per tenant and day (the unscoped summary and daily reads).
    this.addSql(`create table "analytics"."stream_day" (
      "tenant_id" uuid not null,
      "day" date not null,
      "streams" bigint not null,
      "downloads" bigint not null,
      "row_count" integer not null,
      primary key ("tenant_id", "day")
    )`);

    // Rollup: one row per tenant, day and recording (ISRC, or UPC when the row had none) as matched:
    // stores and territories summed away. Artist-scoped reads, release/track filters, tracks,
    // coverage and the weekly splits read it.
    this.addSql(`create table "analytics"."stream_recording_day" (
      "tenant_id" uuid not null,
      "day" date not null,
      "recording_key" text not null,
      "isrc" text null,
      "upc" text null,
      "track_id" uuid null,
      "release_id" uuid null,
      "artist_id" uuid null,
      "matched_by" text null,
      "title" text not null,
      "artist_name" text not null,
      ${counts(STREAM_SPLITS)},
      "row_count" integer not null
    )`);
    this.addSql(`create index "stream_recording_day_day_idx" on "analytics"."stream_recording_day" ("tenant_id", "day")`);
    this.addSql(`create index "stream_recording_day_artist_idx" on "analytics"."stream_recording_day" ("tenant_id", "artist_id", "day")`);
    this.addSql(`create index "stream_recording_day_release_idx" on "analytics"."stream_recording_day" ("tenant_id", "release_id", "day")`);
    this.addSql(`create index "stream_recording_day_track_idx" on "analytics"."stream_recording_day" ("tenant_id", "track_id", "day")`);

    // Rollups of the latest reporting window only (markets and stores): rebuilt whole on every load.
    this.addSql(`create table "analytics"."stream_window" (
      "tenant_id" uuid primary key,
      "first_day" date not null,
      "last_day" date not null check ("last_day" >= "first_day"),
      "refreshed_at" timestamptz not null
    )`);
    this.addSql(`create table "analytics"."stream_window_territory" (
      "tenant_id" uuid not null,
      "artist_id" uuid null,
      "territory" text not null,
      "streams" bigint not null
    )`);
    this.addSql(`create index "stream_window_territory_idx" on "analytics"."stream_window_territory" ("tenant_id", "artist_id")`);
    this.addSql(`create table "analytics"."stream_window_store" (
      "tenant_id" uuid not null,
      "artist_id" uuid null,
      "store" text not null,
      "streams" bigint not null
    )`);
    this.addSql(`create index "stream_window_store_idx" on "analytics"."stream_window_store" ("tenant_id", "artist_id")`);
  }
}
