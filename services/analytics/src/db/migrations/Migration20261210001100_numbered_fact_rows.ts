import { Migration } from '@mikro-orm/migrations';

const FACT_TABLES = ['stream_row', 'playlist_row', 'chart_row'] as const;

/** Each table's index by load: stream rows are found by tenant and day first (their replacements and rollups), the others by load. */
const LOAD_INDEXES: Record<(typeof FACT_TABLES)[number], { name: string; columns: string; was: string }> = {
  stream_row: { name: 'stream_row_day_idx', columns: '"tenant_id", "day", "load_number"', was: '"tenant_id", "day", "file_id"' },
  playlist_row: { name: 'playlist_row_load_idx', columns: '"load_number"', was: '"file_id"' },
  chart_row: { name: 'chart_row_load_idx', columns: '"load_number"', was: '"file_id"' },
};

/** Stands for a missing uuid where two nullable uuids are compared by a join that must hash. */
const NONE = `'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * Day-level fact rows keyed by numbers, not uuids: a million-line load spent more than half of
 * Postgres's COPY on turning the row's five uuids (tenant, file, and the track, release and artist
 * it matched) into values and storing them. A row now names its load by `load_number` (each
 * report file has one, from a sequence) and what it matched by `match_number`, the load's own
 * numbering of its matches in `report_match` (track, release, artist and how, as matched when it
 * was loaded, so a later change in the catalogue changes no loaded row). Unmatched rows have no
 * match number. The tenant stays on every row. Rows whose file is gone (loads leave none) go.
 */
export class Migration20261210001100_numbered_fact_rows extends Migration {
  override name = 'Migration20261210001100_numbered_fact_rows';

  override up(): void {
    this.addSql(`create sequence "analytics"."report_load_number" as bigint`);
    this.addSql(`alter table "analytics"."report_file" add column "load_number" bigint not null default nextval('"analytics"."report_load_number"')`);
    this.addSql(`alter sequence "analytics"."report_load_number" owned by "analytics"."report_file"."load_number"`);
    this.addSql(`create unique index "report_file_load_number_idx" on "analytics"."report_file" ("load_number")`);
    this.addSql(`create table "analytics"."report_match" (
      "load_number" bigint not null,
      "match_number" integer not null check ("match_number" >= 1),
      "tenant_id" uuid not null,
      "track_id" uuid null,
      "release_id" uuid null,
      "artist_id" uuid null,
      "matched_by" text not null check ("matched_by" in ('isrc', 'upc')),
      primary key ("load_number", "match_number")
    )`);
    for (const table of FACT_TABLES) {
      const rows = `"analytics"."${table}"`;
      this.addSql(`delete from ${rows} r where not exists (select 1 from "analytics"."report_file" f where f."id" = r."file_id")`);
      this.addSql(`alter table ${rows} add column "load_number" bigint null, add column "match_number" integer null`);
      // A file's rows are all in one table (a file is of one kind), so each load's matches are numbered here once.
      this.addSql(`insert into "analytics"."report_match" ("load_number", "match_number", "tenant_id", "track_id", "release_id", "artist_id", "matched_by")
        select f."load_number", row_number() over (partition by f."load_number" order by m."track_id", m."release_id", m."artist_id", m."matched_by"),
               f."tenant_id", m."track_id", m."release_id", m."artist_id", m."matched_by"
          from (select distinct "file_id", "track_id", "release_id", "artist_id", "matched_by" from ${rows} where "matched_by" is not null) m
          join "analytics"."report_file" f on f."id" = m."file_id"`);
      this.addSql(`update ${rows} r set "load_number" = f."load_number" from "analytics"."report_file" f where f."id" = r."file_id"`);
      this.addSql(`update ${rows} r set "match_number" = m."match_number" from "analytics"."report_match" m
        where m."load_number" = r."load_number" and m."matched_by" = r."matched_by"
          and coalesce(m."track_id", ${NONE}) = coalesce(r."track_id", ${NONE})
          and coalesce(m."release_id", ${NONE}) = coalesce(r."release_id", ${NONE})
          and coalesce(m."artist_id", ${NONE}) = coalesce(r."artist_id", ${NONE})`);
      this.addSql(`alter table ${rows} alter column "load_number" set not null`);
      // The indexes over file_id go with it.
      this.addSql(`alter table ${rows} drop column "file_id", drop column "track_id", drop column "release_id", drop column "artist_id", drop column "matched_by"`);
      this.addSql(`create index "${LOAD_INDEXES[table].name}" on ${rows} (${LOAD_INDEXES[table].columns})`);
    }
  }

  override down(): void {
    for (const table of FACT_TABLES) {
      const rows = `"analytics"."${table}"`;
      this.addSql(`alter table ${rows}
        add column "file_id" uuid null, add column "track_id" uuid null, add column "release_id" uuid null, add column "artist_id" uuid null,
        add column "matched_by" text null check ("matched_by" in ('isrc', 'upc'))`);
      this.addSql(`update ${rows} r set "file_id" = f."id" from "analytics"."report_file" f where f."load_number" = r."load_number"`);
      this.addSql(`update ${rows} r set "track_id" = m."track_id", "release_id" = m."release_id", "artist_id" = m."artist_id", "matched_by" = m."matched_by"
        from "analytics"."report_match" m where m."load_number" = r."load_number" and m."match_number" = r."match_number"`);
      this.addSql(`delete from ${rows} where "file_id" is null`);
      this.addSql(`alter table ${rows} alter column "file_id" set not null`);
      this.addSql(`alter table ${rows} drop column "load_number", drop column "match_number"`);
      const index = LOAD_INDEXES[table];
      this.addSql(`create index "${table === 'stream_row' ? index.name : `${table}_file_idx`}" on ${rows} (${index.was})`);
    }
    this.addSql(`drop table "analytics"."report_match"`);
    this.addSql(`alter table "analytics"."report_file" drop column "load_number"`);
  }
}
