import type pg from 'pg';
import { matchJoin } from './report-matches.ts';
import { STREAM_COUNTS } from './report-records.ts';

const countColumns = STREAM_COUNTS.map((name) => `"${name}"`).join(', ');

const sumsOf = (alias: string) => STREAM_COUNTS.map((name) => `sum(${alias}."${name}")`).join(', ');

/**
 * Where a load's day rollups are summed from: `stream_row` for the days that held rows before the
 * load (`busyDays`), and for the days that held none (`freshDays`) the load's own rows, which are
 * all the day has (`fileRows`, a relation with stream_row's columns, found by the load's number
 * rather than by the tenant's whole day).
 */
export interface RollupSources {
  busyDays: string[];
  freshDays: string[];
  fileRows: string;
  /** The load's number (its matches in `report_match`). */
  loadNumber: number;
  /** How many lines the load wrote, and at most how many days and recordings they fall into. */
  fileLines: number;
  fileRecordingDaysAtMost: number;
}

/**
 * Whether two of a load's match numbers name the same thing (track, release, artist, how), as a
 * load that forgot codes past its bound and relearned them numbers it again. Until one does, a
 * recording's lines of one day in one load carry one match number.
 */
const matchedUnderTwoNumbers = async (client: pg.Client, loadNumber: number): Promise<boolean> => {
  const { rows } = await client.query<{ twice: boolean }>(
    `select exists (select 1 from "analytics"."report_match" m where m."load_number" = $1
                     group by m."matched_by", m."track_id", m."release_id", m."artist_id" having count(*) > 1) as "twice"`,
    [loadNumber],
  );
  return rows[0]!.twice;
};

/**
 * Rebuilds a tenant's day rollups for the days a load added, replaced or revised (the busy and
 * fresh days of `sources`), and the recording month rollup for their months, in the caller's
 * transaction. The recording day rollup is summed from the rows; the day rollup from it (one row
 * per recording and day rather than one per line).
 */
export const rebuildDayRollups = async (client: pg.Client, tenantId: string, sources: RollupSources): Promise<void> => {
  const days = [...sources.busyDays, ...sources.freshDays];
  if (days.length === 0) return;
  await client.query(`delete from "analytics"."stream_recording_day" where "tenant_id" = $1 and "day" = any($2::date[])`, [tenantId, days]);
  // One row per recording as it was matched: its ISRC, or its UPC when the line named no ISRC. Written in ISRC and day
  // order rather than the hash's, so each index's pages are met in runs, not at random (a quarter less time for a
  // million rows). Summed by load and match number first (integers), then joined to the matches.
  const byNumbers = (rows: string, where: string) =>
    `select r."day", coalesce(r."isrc", 'upc:' || r."upc") as "recording_key", r."load_number", r."match_number",
            max(r."isrc") as "isrc", max(r."upc") as "upc", max(r."title") as "title", max(r."artist_name") as "artist_name",
            ${STREAM_COUNTS.map((name) => `sum(r."${name}") as "${name}"`).join(', ')}, count(*) as "row_count"
       from ${rows} r
      where ${where}
      group by 2, 1, 3, 4`;
  const insert = `insert into "analytics"."stream_recording_day"
       ("tenant_id", "day", "recording_key", "isrc", "upc", "track_id", "release_id", "artist_id", "matched_by", "title", "artist_name", ${countColumns}, "row_count")`;
  // Rows of several loads, or of one that numbered a recording twice: those sums are summed again by what they matched,
  // so a recording matched to the same track under two numbers is one row.
  const regrouped = (rows: string, where: string) =>
    `${insert}
     select $1, g."day", g."recording_key", max(g."isrc"), max(g."upc"), m."track_id", m."release_id", m."artist_id", m."matched_by",
            max(g."title"), max(g."artist_name"), ${sumsOf('g')}, sum(g."row_count")
       from (${byNumbers(rows, where)}) g
       ${matchJoin('g')}
      group by g."day", g."recording_key", m."track_id", m."release_id", m."artist_id", m."matched_by"
      order by 4, 2`;
  // One load's rows, each recording under one number: the sums by number are already the rows, joined to their matches
  // (a second grouping of a million sums, as a CSV of one line per recording and day makes, is most of the statement).
  const joined = (rows: string, where: string, order = true) =>
    `${insert}
     select $1, g."day", g."recording_key", g."isrc", g."upc", m."track_id", m."release_id", m."artist_id", m."matched_by",
            g."title", g."artist_name", ${STREAM_COUNTS.map((name) => `g."${name}"`).join(', ')}, g."row_count"
       from (${byNumbers(rows, where)}) g
       ${matchJoin('g')}
      ${order ? 'order by g."isrc", g."day"' : ''}`;
  if (sources.busyDays.length > 0) {
    await client.query(regrouped(`"analytics"."stream_row"`, `r."tenant_id" = $1 and r."day" = any($2::date[])`), [tenantId, sources.busyDays]);
  }
  if (sources.freshDays.length > 0) {
    const where = `r."day" = any($2::date[])`;
    if (await matchedUnderTwoNumbers(client, sources.loadNumber)) {
      await client.query(regrouped(sources.fileRows, where), [tenantId, sources.freshDays]);
    } else if (sources.fileRecordingDaysAtMost * 2 > sources.fileLines) {
      // Lines that may be mostly recording-days of their own (a CSV of one line per recording and day): the planner,
      // which cannot tell how many groups a code and a day make, would hash a million groups' sums and spill them to
      // disk. Grouped by sorting instead, the sums come out in recording and day order, and the join to the matches
      // keeps it (the matches are the hashed side): the rows reach the indexes in that order with no sort of their own.
      await client.query('set local enable_hashagg = off');
      await client.query(joined(sources.fileRows, where, false), [tenantId, sources.freshDays]);
      await client.query('reset enable_hashagg');
    } else {
      await client.query(joined(sources.fileRows, where), [tenantId, sources.freshDays]);
    }
  }
  await client.query(`delete from "analytics"."stream_day" where "tenant_id" = $1 and "day" = any($2::date[])`, [tenantId, days]);
  // Every row is in exactly one recording of its day: the day's sums are its recordings'.
  await client.query(
    `insert into "analytics"."stream_day" ("tenant_id", "day", "streams", "downloads", "row_count")
     select $1, d."day", sum(d."streams"), sum(d."downloads"), sum(d."row_count")
       from "analytics"."stream_recording_day" d
      where d."tenant_id" = $1 and d."day" = any($2::date[])
      group by d."day"`,
    [tenantId, days],
  );
  // The months of those days, from the day rollup just rebuilt (the tracks read sums whole months here).
  const months = [...new Set(days.map((day) => `${day.slice(0, 7)}-01`))];
  await client.query(`delete from "analytics"."stream_recording_month" where "tenant_id" = $1 and "month" = any($2::date[])`, [tenantId, months]);
  await client.query(
    `insert into "analytics"."stream_recording_month" ("tenant_id", "month", "isrc", "artist_id", "title", "artist_name", "streams", "downloads")
     select $1, a."month", d."isrc", d."artist_id", max(d."title"), max(d."artist_name"), sum(d."streams"), sum(d."downloads")
       from unnest($2::date[]) as a("month")
       join "analytics"."stream_recording_day" d
         on d."tenant_id" = $1 and d."day" >= a."month" and d."day" < (a."month" + interval '1 month')::date
      where d."isrc" is not null
      group by a."month", d."isrc", d."artist_id"`,
    [tenantId, months],
  );
};

/**
 * Rebuilds a tenant's latest-window rollups (markets and stores): the window is the period of the
 * stream report whose period ends last (the latest loaded among equals) and still holds rows; every
 * store's rows of those days are summed by territory and by store, per artist (read once, summed by
 * all three, then by each). When the window's only rows are on days the load alone fills (`sources`
 * fresh days), they are summed from the load's own rows.
 */
export const rebuildWindowRollups = async (client: pg.Client, tenantId: string, sources: Pick<RollupSources, 'freshDays' | 'fileRows'> & { store: string }): Promise<void> => {
  for (const table of ['stream_window_territory', 'stream_window_store', 'stream_window']) {
    await client.query(`delete from "analytics"."${table}" where "tenant_id" = $1`, [tenantId]);
  }
  const { rows } = await client.query<{ first_day: string; last_day: string; others: boolean }>(
    `with "window" as (
       insert into "analytics"."stream_window" ("tenant_id", "first_day", "last_day", "refreshed_at")
       select f."tenant_id", f."first_day", f."last_day", now()
         from "analytics"."report_file" f
        where f."tenant_id" = $1 and f."kind" = 'streams' and f."last_day" is not null
          and exists (select 1 from "analytics"."stream_row" r where r."tenant_id" = f."tenant_id" and r."day" between f."first_day" and f."last_day" and r."load_number" = f."load_number")
        order by f."last_day" desc, f."loaded_at" desc
        limit 1
       returning "first_day", "last_day")
     select w."first_day"::text as "first_day", w."last_day"::text as "last_day",
            exists (select 1 from "analytics"."stream_row" r
                     where r."tenant_id" = $1
                       and r."day" = any (array(select d::date from generate_series(w."first_day", w."last_day", interval '1 day') d where d::date <> all ($2::date[])))) as "others"
       from "window" w`,
    [tenantId, sources.freshDays],
  );
  const window = rows[0];
  if (!window) return;
  const sums = window.others
    ? {
        sql: `select m."artist_id", g."territory", g."store", sum(g."streams") as "streams"
                from (select r."load_number", r."match_number", r."territory", r."store", sum(r."streams") as "streams" from "analytics"."stream_row" r
                       where r."tenant_id" = $1 and r."day" between $2 and $3 group by 1, 2, 3, 4) g
                ${matchJoin('g')}
               group by 1, 2, 3`,
        values: [tenantId, window.first_day, window.last_day],
      }
    : {
        // The load's rows are all of its one store.
        sql: `select m."artist_id", g."territory", $3::text as "store", sum(g."streams") as "streams"
                from (select r."load_number", r."match_number", r."territory", sum(r."streams") as "streams" from ${sources.fileRows} r
                       where r."day" between $1 and $2 group by 1, 2, 3) g
                ${matchJoin('g')}
               group by 1, 2`,
        values: [window.first_day, window.last_day, sources.store],
      };
  await client.query(`create temp table "window_sums" on commit drop as ${sums.sql}`, sums.values);
  for (const [table, column] of [
    ['stream_window_territory', 'territory'],
    ['stream_window_store', 'store'],
  ] as const) {
    await client.query(
      `insert into "analytics"."${table}" ("tenant_id", "artist_id", "${column}", "streams")
       select $1, s."artist_id", s."${column}", sum(s."streams") from "window_sums" s group by s."artist_id", s."${column}"`,
      [tenantId],
    );
  }
  await client.query(`drop table "window_sums"`);
};
