import { Migration } from '@mikro-orm/migrations';

/**
 * The tracks ranking's ragged ends (the days before and after the period's whole months) read the
 * day rollup by tenant and day; this index answers them from the index alone, without visiting a
 * heap page per recording and day.
 */
export class Migration20261210000500_ranking_edges extends Migration {
  override name = 'Migration20261210000500_ranking_edges';

  override up(): void {
    this.addSql(`create index "stream_recording_day_ranking_idx" on "analytics"."stream_recording_day" ("tenant_id", "day")
      include ("isrc", "artist_id", "streams", "downloads") where "isrc" is not null`);
  }
}
