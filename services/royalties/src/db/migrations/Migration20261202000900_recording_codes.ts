import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue's recording codes, kept here so a store report's lines are matched with one join
 * (packages/platform/src/recording-codes fills and reads them). Only codes that match are kept:
 * tracks and releases not deleted, each code once per tenant as the catalogue keeps it among its
 * live rows.
 */
export class Migration20261202000900_recording_codes extends Migration {
  override name = 'Migration20261202000900_recording_codes';

  override up(): void {
    this.addSql(`create table "royalties"."recording_track_code" (
      "tenant_id" uuid not null,
      "track_id" uuid not null,
      "isrc" text not null,
      "release_id" uuid not null,
      "artist_id" uuid null,
      "title" text not null,
      "release_title" text not null,
      "updated_at" timestamptz not null,
      primary key ("tenant_id", "track_id")
    )`);
    // The match: a report's ISRCs joined by tenant and code.
    this.addSql(`create unique index "recording_track_code_isrc_uq" on "royalties"."recording_track_code" ("tenant_id", "isrc")`);
    // A refresh replaces one release's tracks; a rebuild page replaces a range of releases.
    this.addSql(`create index "recording_track_code_release_idx" on "royalties"."recording_track_code" ("tenant_id", "release_id")`);
    this.addSql(`create table "royalties"."recording_release_code" (
      "tenant_id" uuid not null,
      "release_id" uuid not null,
      "upc" text not null,
      "artist_id" uuid null,
      "title" text not null,
      "updated_at" timestamptz not null,
      primary key ("tenant_id", "release_id")
    )`);
    this.addSql(`create unique index "recording_release_code_upc_uq" on "royalties"."recording_release_code" ("tenant_id", "upc")`);
  }
}
