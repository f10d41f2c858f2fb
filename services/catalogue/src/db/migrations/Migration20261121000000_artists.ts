import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000_artists extends Migration {
  override name = 'Migration20261121000000_artists';

  override up(): void {
    this.addSql(`create table "catalogue"."artist" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "name" text not null,
      "sort_name" text not null,
      "slug" text not null,
      "bio" text null,
      "country" char(2) null,
      "status" text not null default 'active' check ("status" in ('active', 'inactive')),
      "spotify_uri" text null,
      "spotify_id" text null,
      "apple_id" text null,
      "spotify_url" text null,
      "apple_url" text null,
      "deezer_url" text null,
      "soundcloud_url" text null,
      "audiomack_url" text null,
      "tiktok_url" text null,
      "instagram_url" text null,
      "twitter_url" text null,
      "youtube_url" text null,
      "store_url" text null,
      "avatar_url" text null,
      "banner_url" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    // A slug is taken only while its artist is live: a deleted artist frees it.
    this.addSql(`create unique index "artist_tenant_slug_live_uq"
      on "catalogue"."artist" ("tenant_id", "slug") where "deleted_at" is null`);
    this.addSql(`create index "artist_tenant_sort_idx"
      on "catalogue"."artist" ("tenant_id", "sort_name", "id") where "deleted_at" is null`);
  }
}
