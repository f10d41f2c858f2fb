import { Migration } from '@mikro-orm/migrations';

export class Migration20261202000100_track_splits extends Migration {
  override name = 'Migration20261202000100_track_splits';

  override up(): void {
    this.addSql(`create table "royalties"."track_split" (
      "id" uuid primary key,
      "tenant_id" uuid not null,
      "track_id" uuid not null,
      "position" integer not null,
      "payee_type" text not null check ("payee_type" in ('artist', 'user', 'writer', 'external')),
      "artist_id" uuid null,
      "user_id" uuid null,
      "writer_id" uuid null,
      "name" text not null,
      "email" text null,
      "share_hundredths" integer not null check ("share_hundredths" between 0 and 10000),
      "created_at" timestamptz not null,
      "deleted_at" timestamptz null
    )`);
    // A track's set in force is its live rows, in their order; one position once.
    this.addSql(`create unique index "track_split_live_position_idx"
      on "royalties"."track_split" ("tenant_id", "track_id", "position") where "deleted_at" is null`);
  }
}
