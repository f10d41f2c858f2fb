import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000400_videos_animated_artwork extends Migration {
  override name = 'Migration20261122000400_videos_animated_artwork';

  override up(): void {
    this.addSql(`create table "catalogue"."video" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "artist_id" uuid null references "catalogue"."artist" ("id"),
      "release_id" uuid null references "catalogue"."release" ("id"),
      "title" text not null,
      "video_type" text not null default 'music_video'
        check ("video_type" in ('music_video', 'lyric_video', 'visualizer', 'live', 'behind_the_scenes')),
      "status" text not null default 'draft' check ("status" in ('draft', 'pending', 'approved', 'rejected')),
      "isrc" char(12) null check ("isrc" ~ '^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$'),
      "release_date" date null,
      "genre" text null,
      "explicit" boolean not null default false,
      "description" text null,
      "language" text null,
      "rejection_reason" text null,
      "video_url" text null,
      "video_key" text null,
      "mime_type" text null,
      "file_size" bigint null check ("file_size" >= 0),
      "width" integer null check ("width" > 0),
      "height" integer null check ("height" > 0),
      "duration_ms" integer null check ("duration_ms" >= 0),
      "video_uploaded_at" timestamptz null,
      "submitted_at" timestamptz null,
      "approved_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    // An ISRC names one recording: unique among a tenant's live videos (tracks are checked by the use-case).
    this.addSql(`create unique index "video_tenant_isrc_live_uq"
      on "catalogue"."video" ("tenant_id", "isrc") where "deleted_at" is null and "isrc" is not null`);
    // The list: newest first, within a tenant, optionally by status or artist.
    this.addSql(`create index "video_tenant_created_idx"
      on "catalogue"."video" ("tenant_id", "created_at" desc, "id" desc) where "deleted_at" is null`);
    this.addSql(`create index "video_tenant_artist_idx"
      on "catalogue"."video" ("tenant_id", "artist_id") where "deleted_at" is null`);

    this.addSql(`create table "catalogue"."animated_artwork" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "release_id" uuid not null references "catalogue"."release" ("id"),
      "asset_type" text not null check ("asset_type" in ('apple_motion_square', 'apple_motion_portrait', 'spotify_canvas')),
      "status" text not null default 'processing' check ("status" in ('processing', 'valid', 'invalid')),
      "file_url" text not null,
      "file_key" text not null,
      "mime_type" text not null,
      "file_size" bigint not null check ("file_size" >= 0),
      "container" text null check ("container" in ('mp4', 'mov', 'webm', 'gif')),
      "width" integer null,
      "height" integer null,
      "duration_ms" integer null,
      "errors" jsonb not null default '[]',
      "validated_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    // One live asset per release and type: a new upload supersedes (soft-deletes) the previous one.
    this.addSql(`create unique index "animated_artwork_release_type_live_uq"
      on "catalogue"."animated_artwork" ("release_id", "asset_type") where "deleted_at" is null`);
  }
}
