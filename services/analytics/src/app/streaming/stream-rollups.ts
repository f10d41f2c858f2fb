import type pg from 'pg';
import { STREAM_COUNTS } from './report-records.ts';

const sums = STREAM_COUNTS.map((name) => `sum(r."${name}")`).join(', ');
const countColumns = STREAM_COUNTS.map((name) => `"${name}"`).join(', ');

/**
 * Rebuilds a tenant's day rollups for the days in the session's `affected_day` table (the days a
 * load added, replaced or revised), from the day-level rows, and the recording month rollup for
 * their months, in the caller's transaction.
 */
export const rebuildDayRollups = async (client: pg.Client, tenantId: string): Promise<void> => {
  await client.query(`delete from "analytics"."stream_day" d using "affected_day" a where d."tenant_id" = $1 and d."day" = a."day"`, [tenantId]);
  await client.query(
    `insert into "analytics"."stream_day" ("tenant_id", "day", "streams", "downloads", "row_count")
     select $1, r."day", sum(r."streams"), sum(r."downloads"), count(*)
       from "analytics"."stream_row" r join "affected_day" a on a."day" = r."day"
      where r."tenant_id" = $1
      group by r."day"`,
    [tenantId],
  );
  await client.query(`delete from "analytics"."stream_recording_day" d using "affected_day" a where d."tenant_id" = $1 and d."day" = a."day"`, [tenantId]);
  // One row per recording as it was matched: its ISRC, or its UPC when the line named no ISRC.
  await client.query(
    `insert into "analytics"."stream_recording_day"
       ("tenant_id", "day", "recording_key", "isrc", "upc", "track_id", "release_id", "artist_id", "matched_by", "title", "artist_name", ${countColumns}, "row_count")
     select $1, r."day", coalesce(r."isrc", 'upc:' || r."upc"), max(r."isrc"), max(r."upc"), r."track_id", r."release_id", r."artist_id", r."matched_by",
            max(r."title"), max(r."artist_name"), ${sums}, count(*)
       from "analytics"."stream_row" r join "affected_day" a on a."day" = r."day"
      where r."tenant_id" = $1
      group by r."day", coalesce(r."isrc", 'upc:' || r."upc"), r."track_id", r."release_id", r."artist_id", r."matched_by"`,
    [tenantId],
  );
  // The months of those days, from the day rollup just rebuilt (the tracks read sums whole months here).
  const months = `select distinct date_trunc('month', "day")::date as "month" from "affected_day"`;
  await client.query(
    `delete from "analytics"."stream_recording_month" m using (${months}) a where m."tenant_id" = $1 and m."month" = a."month"`,
    [tenantId],
  );
  await client.query(
    `insert into "analytics"."stream_recording_month" ("tenant_id", "month", "isrc", "artist_id", "title", "artist_name", "streams", "downloads")
     select $1, a."month", d."isrc", d."artist_id", max(d."title"), max(d."artist_name"), sum(d."streams"), sum(d."downloads")
       from (${months}) a
       join "analytics"."stream_recording_day" d
         on d."tenant_id" = $1 and d."day" >= a."month" and d."day" < (a."month" + interval '1 month')::date
      where d."isrc" is not null
      group by a."month", d."isrc", d."artist_id"`,
    [tenantId],
  );
};

/**
 * Rebuilds a tenant's latest-window rollups (markets and stores): the window is the period of the
 * stream report whose period ends last (the latest loaded among equals) and still holds rows; every
 * store's rows of those days are summed by territory and by store, per artist.
 */
export const rebuildWindowRollups = async (client: pg.Client, tenantId: string): Promise<void> => {
  for (const table of ['stream_window_territory', 'stream_window_store', 'stream_window']) {
    await client.query(`delete from "analytics"."${table}" where "tenant_id" = $1`, [tenantId]);
  }
  await client.query(
    `insert into "analytics"."stream_window" ("tenant_id", "first_day", "last_day", "refreshed_at")
     select f."tenant_id", f."first_day", f."last_day", now()
       from "analytics"."report_file" f
      where f."tenant_id" = $1 and f."kind" = 'streams' and f."last_day" is not null
        and exists (select 1 from "analytics"."stream_row" r where r."file_id" = f."id")
      order by f."last_day" desc, f."loaded_at" desc
      limit 1`,
    [tenantId],
  );
  for (const [table, column] of [
    ['stream_window_territory', 'territory'],
    ['stream_window_store', 'store'],
  ] as const) {
    await client.query(
      `insert into "analytics"."${table}" ("tenant_id", "artist_id", "${column}", "streams")
       select $1, r."artist_id", r."${column}", sum(r."streams")
         from "analytics"."stream_window" w
         join "analytics"."stream_row" r on r."tenant_id" = w."tenant_id" and r."day" between w."first_day" and w."last_day"
        where w."tenant_id" = $1
        group by r."artist_id", r."${column}"`,
      [tenantId],
    );
  }
};
