import { Migration } from '@mikro-orm/migrations';

/** Each rollup's own columns, after tenant_id and period_start (a day, or a month's first day). */
const ROLLUPS: Record<string, string[]> = {
  // Every figure of both sources: the totals, the time series and an artist's figures.
  report_total: ['"artist_id" uuid null', '"streams" bigint not null', '"revenue_micros" bigint not null'],
  // Figures naming a release; the title is the one most recently written for the period.
  report_release: ['"release_id" uuid not null', '"artist_id" uuid null', '"release_title" text null', '"streams" bigint not null'],
  report_store: ['"artist_id" uuid null', '"dsp_name" text not null', '"streams" bigint not null'],
  // Only snapshots carry a territory.
  report_territory: ['"artist_id" uuid null', '"territory" text not null', '"streams" bigint not null'],
};

const columnName = (definition: string): string => definition.split(' ')[0]!;

/** The figures of both sources for a tenant's days, with when each was written (to pick the latest title). */
const figuresOfDays = `select "period_start", "release_id", "release_title", "artist_id", "dsp_name", "territory", "streams",
           0::bigint as "revenue_micros", "updated_at" as "written_at"
      from "analytics"."report_snapshot" where "tenant_id" = "p_tenant" and "period_start" = any("p_days")
    union all
    select "period_start", "release_id", "release_title", "artist_id", "dsp_name", null, "streams", "revenue_micros", "created_at"
      from "analytics"."royalty_fact" where "tenant_id" = "p_tenant" and "period_start" = any("p_days")`;

/** Day rollups from the figures of the days, month rollups from the day rollups of the months. */
const dayInserts: Record<string, string> = {
  report_total: `select "p_tenant", f."period_start", f."artist_id", sum(f."streams"), sum(f."revenue_micros")
      from (${figuresOfDays}) f group by f."period_start", f."artist_id"`,
  report_release: `select "p_tenant", f."period_start", f."release_id", f."artist_id",
           (array_agg(f."release_title" order by f."written_at" desc) filter (where f."release_title" is not null))[1], sum(f."streams")
      from (${figuresOfDays}) f where f."release_id" is not null group by f."period_start", f."release_id", f."artist_id"`,
  report_store: `select "p_tenant", f."period_start", f."artist_id", f."dsp_name", sum(f."streams")
      from (${figuresOfDays}) f group by f."period_start", f."artist_id", f."dsp_name"`,
  report_territory: `select "p_tenant", f."period_start", f."artist_id", f."territory", sum(f."streams")
      from (${figuresOfDays}) f where f."territory" is not null group by f."period_start", f."artist_id", f."territory"`,
};

const ofMonths = (table: string) => `unnest("months") as m("month")
      join "analytics"."${table}_day" d on d."tenant_id" = "p_tenant"
       and d."period_start" >= m."month" and d."period_start" < (m."month" + interval '1 month')::date`;

const monthInserts: Record<string, string> = {
  report_total: `select "p_tenant", m."month", d."artist_id", sum(d."streams"), sum(d."revenue_micros")
      from ${ofMonths('report_total')} group by m."month", d."artist_id"`,
  report_release: `select "p_tenant", m."month", d."release_id", d."artist_id",
           (array_agg(d."release_title" order by d."period_start" desc) filter (where d."release_title" is not null))[1], sum(d."streams")
      from ${ofMonths('report_release')} group by m."month", d."release_id", d."artist_id"`,
  report_store: `select "p_tenant", m."month", d."artist_id", d."dsp_name", sum(d."streams")
      from ${ofMonths('report_store')} group by m."month", d."artist_id", d."dsp_name"`,
  report_territory: `select "p_tenant", m."month", d."artist_id", d."territory", sum(d."streams")
      from ${ofMonths('report_territory')} group by m."month", d."artist_id", d."territory"`,
};

const rebuild = (grain: 'day' | 'month'): string =>
  Object.entries(ROLLUPS)
    .map(([rollup, columns]) => {
      const keys = grain === 'day' ? '"p_days"' : '"months"';
      const select = grain === 'day' ? dayInserts[rollup] : monthInserts[rollup];
      return `delete from "analytics"."${rollup}_${grain}" where "tenant_id" = "p_tenant" and "period_start" = any(${keys});
  insert into "analytics"."${rollup}_${grain}" ("tenant_id", "period_start", ${columns.map(columnName).join(', ')})
    ${select};`;
    })
    .join('\n  ');

/**
 * The first family's figures summed ahead: per day and per month, by release, by store, by
 * territory and in total, so a read over a year sums a few thousand rollup rows instead of every
 * figure. Statement triggers on both sources rebuild the days (and their months) a write touched,
 * in the writing transaction, whoever writes: ingest, a statement's facts, or a bulk insert.
 */
export class Migration20261210000300_reporting_rollups extends Migration {
  override name = 'Migration20261210000300_reporting_rollups';

  override up(): void {
    for (const [rollup, columns] of Object.entries(ROLLUPS)) {
      for (const grain of ['day', 'month']) {
        this.addSql(`create table "analytics"."${rollup}_${grain}" (
      "tenant_id" uuid not null,
      "period_start" date not null,
      ${columns.join(',\n      ')}
    )`);
        // Every read is one tenant's run of days or months; the covering columns keep it off the heap.
        this.addSql(`create index "${rollup}_${grain}_range_idx" on "analytics"."${rollup}_${grain}" ("tenant_id", "period_start")
      include (${columns.map(columnName).join(', ')})`);
      }
    }

    // A read for one release (by-territory, time-series) sums that release's figures themselves.
    this.addSql(`create index "report_snapshot_release_idx" on "analytics"."report_snapshot" ("tenant_id", "release_id", "period_start")
      include ("territory", "dsp_name", "streams", "artist_id")`);
    this.addSql(`create index "royalty_fact_release_idx" on "analytics"."royalty_fact" ("tenant_id", "release_id", "period_start")
      include ("dsp_name", "streams", "revenue_micros", "artist_id")`);

    this.addSql(`create function "analytics"."rebuild_report_rollups"("p_tenant" uuid, "p_days" date[]) returns void language plpgsql as $body$
declare
  "months" date[];
begin
  -- One rebuild of a tenant at a time, so each reads every figure committed before it and none is lost.
  perform pg_advisory_xact_lock(hashtextextended('sv:analytics:report-rollups:' || "p_tenant"::text, 0));
  select array_agg(distinct date_trunc('month', x."day")::date) into "months" from unnest("p_days") as x("day");
  ${rebuild('day')}
  ${rebuild('month')}
end
$body$`);

    this.addSql(`create function "analytics"."report_rollups_after_write"() returns trigger language plpgsql as $body$
declare
  "touched" record;
begin
  -- An update may move a figure to another day: both its old and its new day are rebuilt.
  if TG_OP = 'UPDATE' then
    for "touched" in
      select c."tenant_id", array_agg(distinct c."period_start") as "days"
        from (select "tenant_id", "period_start" from "changed_before" union all select "tenant_id", "period_start" from "changed") c
       group by c."tenant_id"
    loop
      perform "analytics"."rebuild_report_rollups"("touched"."tenant_id", "touched"."days");
    end loop;
  else
    for "touched" in select "tenant_id", array_agg(distinct "period_start") as "days" from "changed" group by "tenant_id" loop
      perform "analytics"."rebuild_report_rollups"("touched"."tenant_id", "touched"."days");
    end loop;
  end if;
  return null;
end
$body$`);

    for (const table of ['report_snapshot', 'royalty_fact']) {
      // Statement triggers with transition tables: one rebuild per statement, for the days it touched.
      this.addSql(`create trigger "${table}_rollups_insert" after insert on "analytics"."${table}"
      referencing new table as "changed" for each statement execute function "analytics"."report_rollups_after_write"()`);
      this.addSql(`create trigger "${table}_rollups_update" after update on "analytics"."${table}"
      referencing old table as "changed_before" new table as "changed" for each statement execute function "analytics"."report_rollups_after_write"()`);
      this.addSql(`create trigger "${table}_rollups_delete" after delete on "analytics"."${table}"
      referencing old table as "changed" for each statement execute function "analytics"."report_rollups_after_write"()`);
    }

    // The figures already stored.
    this.addSql(`select "analytics"."rebuild_report_rollups"(t."tenant_id", t."days")
      from (select f."tenant_id", array_agg(distinct f."period_start") as "days"
              from (select "tenant_id", "period_start" from "analytics"."report_snapshot"
                    union all select "tenant_id", "period_start" from "analytics"."royalty_fact") f
             group by f."tenant_id") t`);
  }
}
