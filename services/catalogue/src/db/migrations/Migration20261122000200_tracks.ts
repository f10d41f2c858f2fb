import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000200_tracks extends Migration {
  override name = 'Migration20261122000200_tracks';

  override up(): void {
    this.addSql(`create table "catalogue"."track" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "release_id" uuid not null references "catalogue"."release" ("id"),
      "title" text not null,
      "position" integer not null check ("position" >= 1),
      "disc_number" integer not null default 1 check ("disc_number" >= 1),
      "explicit" boolean not null,
      "isrc" char(12) not null check ("isrc" ~ '^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$'),
      "duration_seconds" integer null check ("duration_seconds" >= 0),
      "language" text not null default 'en',
      "track_properties" jsonb not null default '[]',
      "ai_service" text null,
      "ai_service_other" text null,
      "ai_elements" jsonb not null default '[]',
      "version_type" text null,
      "title_version" text null,
      "lyric_format" text null,
      "lyrics" text null,
      "audio_lufs" double precision null,
      "dolby_isrc" text null,
      "dolby_audio_uri" text null,
      "album_only" boolean not null default false,
      "instrumental" boolean not null default false,
      "performance_language" text null,
      "artist_id" uuid null,
      "artist_name" text null,
      "copyright_holder" text null,
      "copyright_year" integer null,
      "year_published" integer null,
      "preview_start_sec" double precision null,
      "preview_end_sec" double precision null,
      "contributors" jsonb not null default '[]',
      "additional_artists" jsonb not null default '[]',
      "localized_titles" jsonb not null default '{}',
      "localized_title_versions" jsonb not null default '{}',
      "localized_lyrics" jsonb not null default '{}',
      "audio_url" text null,
      "audio_key" text null,
      "mime_type" text null,
      "file_size" bigint null,
      "audio_format" text null,
      "audio_sample_rate_hz" integer null,
      "audio_bit_depth" integer null,
      "audio_channels" integer null,
      "audio_duration_ms" integer null,
      "audio_uploaded_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    // An ISRC names one recording: unique among a tenant's live tracks.
    this.addSql(`create unique index "track_tenant_isrc_live_uq"
      on "catalogue"."track" ("tenant_id", "isrc") where "deleted_at" is null`);
    // A position names one slot of a disc: unique per release and disc among live tracks.
    this.addSql(`create unique index "track_release_disc_position_live_uq"
      on "catalogue"."track" ("release_id", "disc_number", "position") where "deleted_at" is null`);
    // The release's track list, ordered by position then disc.
    this.addSql(`create index "track_release_position_idx"
      on "catalogue"."track" ("release_id", "position", "disc_number", "id") where "deleted_at" is null`);
    // The designation counter of auto-assigned ISRCs, per tenant and year.
    this.addSql(`create table "catalogue"."isrc_counter" (
      "tenant_id" uuid not null,
      "year" integer not null,
      "last_designation" integer not null,
      primary key ("tenant_id", "year")
    )`);
  }
}
