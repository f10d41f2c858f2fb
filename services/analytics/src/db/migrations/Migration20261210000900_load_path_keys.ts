import { Migration } from '@mikro-orm/migrations';

const FACT_TABLES = ['stream_row', 'playlist_row', 'chart_row'] as const;

/**
 * What a report load writes a million times costs less:
 * - the day-level fact rows lose their foreign key to `report_file`: its check ran once per row
 *   inserted (half the insert's time), and only the load writes and removes these rows, always
 *   by their file (rows first, then the file, in one transaction);
 * - stream rows lose their row number and its key (nothing reads a stream row by it: they are
 *   summed by day and removed by file), and one index by tenant, day and file serves every
 *   reader where two were kept (by tenant, day, store and territory; by file): a file's rows are
 *   found within its days;
 * - the recording day rollup keeps one index by tenant and day, covering the rankings' columns,
 *   where it kept two (the whole-day index and the rankings' partial one over the same keys).
 */
export class Migration20261210000900_load_path_keys extends Migration {
  override name = 'Migration20261210000900_load_path_keys';

  override up(): void {
    for (const table of FACT_TABLES) this.addSql(`alter table "analytics"."${table}" drop constraint "${table}_file_id_fkey"`);
    this.addSql(`alter table "analytics"."stream_row" drop constraint "stream_row_pkey"`);
    this.addSql(`alter table "analytics"."stream_row" drop column "id"`);
    this.addSql(`drop index "analytics"."stream_row_day_idx"`);
    this.addSql(`drop index "analytics"."stream_row_file_idx"`);
    this.addSql(`create index "stream_row_day_idx" on "analytics"."stream_row" ("tenant_id", "day", "file_id")`);
    this.addSql(`drop index "analytics"."stream_recording_day_ranking_idx"`);
    this.addSql(`drop index "analytics"."stream_recording_day_day_idx"`);
    this.addSql(`create index "stream_recording_day_day_idx" on "analytics"."stream_recording_day" ("tenant_id", "day")
      include ("isrc", "artist_id", "streams", "downloads")`);
  }

  override down(): void {
    this.addSql(`drop index "analytics"."stream_recording_day_day_idx"`);
    this.addSql(`create index "stream_recording_day_day_idx" on "analytics"."stream_recording_day" ("tenant_id", "day")`);
    this.addSql(`create index "stream_recording_day_ranking_idx" on "analytics"."stream_recording_day" ("tenant_id", "day")
      include ("isrc", "artist_id", "streams", "downloads") where "isrc" is not null`);
    this.addSql(`drop index "analytics"."stream_row_day_idx"`);
    this.addSql(`create index "stream_row_day_idx" on "analytics"."stream_row" ("tenant_id", "day", "store", "territory")`);
    this.addSql(`create index "stream_row_file_idx" on "analytics"."stream_row" ("file_id")`);
    this.addSql(`alter table "analytics"."stream_row" add column "id" bigint generated always as identity`);
    this.addSql(`alter table "analytics"."stream_row" add primary key ("id", "day")`);
    for (const table of FACT_TABLES) {
      // Rows whose file is gone (the loads leave none) would stop the key being added.
      this.addSql(`delete from "analytics"."${table}" r where not exists (select 1 from "analytics"."report_file" f where f."id" = r."file_id")`);
      this.addSql(`alter table "analytics"."${table}" add constraint "${table}_file_id_fkey"
        foreign key ("file_id") references "analytics"."report_file" ("id") on delete cascade`);
    }
  }
}
