import { Migration } from '@mikro-orm/migrations';

/**
 * The tracks read over long periods: a month rollup of the recordings with an ISRC (rebuilt with the
 * day rollups for the months of the days a load touched), and an index that finds an ISRC's latest
 * matched release and track without sorting the period's rows.
 */
export class Migration20261210000400_recording_months extends Migration {
  override name = 'Migration20261210000400_recording_months';

  override up(): void {
    // One row per tenant, month (its first day), ISRC and artist as matched: the sums a ranking needs.
    this.addSql(`create table "analytics"."stream_recording_month" (
      "tenant_id" uuid not null,
      "month" date not null check (extract(day from "month") = 1),
      "isrc" text not null,
      "artist_id" uuid null,
      "title" text not null,
      "artist_name" text not null,
      "streams" bigint not null,
      "downloads" bigint not null
    )`);
    this.addSql(`create index "stream_recording_month_range_idx" on "analytics"."stream_recording_month" ("tenant_id", "month")
      include ("isrc", "artist_id", "title", "artist_name", "streams", "downloads")`);
    // The latest day an ISRC was matched, for the few ranked ISRCs: read backwards from the period's end.
    this.addSql(`create index "stream_recording_day_isrc_idx" on "analytics"."stream_recording_day" ("tenant_id", "isrc", "day" desc)
      include ("release_id", "track_id", "artist_id")`);
    this.addSql(`insert into "analytics"."stream_recording_month"
        ("tenant_id", "month", "isrc", "artist_id", "title", "artist_name", "streams", "downloads")
      select "tenant_id", date_trunc('month', "day")::date, "isrc", "artist_id", max("title"), max("artist_name"), sum("streams"), sum("downloads")
        from "analytics"."stream_recording_day"
       where "isrc" is not null
       group by "tenant_id", date_trunc('month', "day")::date, "isrc", "artist_id"`);
  }
}
