import type { EntityManager } from '@mikro-orm/postgresql';
import { splitByMonths } from '../month-split.ts';
import type { ReportScope } from './report-scope.ts';

/*
 * The first family's aggregates, each one query summed by Postgres. The figures are ingested
 * snapshots (stream counts by territory) and royalty statements' facts (streams and revenue, no
 * territory). Reads sum the rollups kept on every write (per day and per month: in total, by
 * release, by store, by territory); a read for one release sums that release's figures themselves.
 */

/** A row set and its parameters, for a `from (…)` clause. */
interface Source {
  sql: string;
  params: unknown[];
}

/** What a read sums: every figure, figures naming a release, by store, or snapshots by territory. */
type Rollup = 'report_total' | 'report_release' | 'report_store' | 'report_territory';

/** The columns each source gives, the same from the rollups and from the figures. */
const COLUMNS: Record<Rollup, string> = {
  report_total: '"period_start", "streams", "revenue_micros"',
  report_release: '"period_start", "release_id", "release_title", "streams"',
  report_store: '"period_start", "dsp_name", "streams"',
  report_territory: '"period_start", "territory", "streams"',
};

/**
 * The rollup's rows over the scope: whole months from its month table, the edge days from its day
 * table, one index range scan each (an `or` of the ranges made the planner read the whole table).
 */
const fromRollup = (rollup: Rollup, scope: ReportScope): Source => {
  const split = splitByMonths(scope.from, scope.to);
  const parts = [...(split.months ? [{ table: `${rollup}_month`, ...split.months }] : []), ...split.days.map((days) => ({ table: `${rollup}_day`, ...days }))];
  const artist = scope.artistId === null ? '' : ' and "artist_id" = ?::uuid';
  return {
    sql: parts
      .map(({ table }) => `select ${COLUMNS[rollup]} from "analytics"."${table}" where "tenant_id" = ? and "period_start" between ?::date and ?::date${artist}`)
      .join('\n    union all\n    '),
    params: parts.flatMap(({ from, to }) => [scope.tenantId, from, to, ...(scope.artistId === null ? [] : [scope.artistId])]),
  };
};

/** The figures themselves, for a read narrowed to one release (through each table's release index). */
const fromFigures = (rollup: Rollup, scope: ReportScope): Source => {
  const conditions = ['"tenant_id" = ?', '"period_start" between ?::date and ?::date'];
  const params: unknown[] = [scope.tenantId, scope.from, scope.to];
  if (scope.artistId !== null) {
    conditions.push('"artist_id" = ?::uuid');
    params.push(scope.artistId);
  }
  if (scope.releaseId !== null) {
    conditions.push('"release_id" = ?::uuid');
    params.push(scope.releaseId);
  }
  const where = conditions.join(' and ');
  const snapshots = `select "period_start", "release_id", "release_title", "dsp_name", "territory", "streams", 0::bigint as "revenue_micros"
      from "analytics"."report_snapshot" where ${where}`;
  if (rollup === 'report_territory') return { sql: `select ${COLUMNS[rollup]} from (${snapshots}) f`, params };
  const facts = `select "period_start", "release_id", "release_title", "dsp_name", null, "streams", "revenue_micros"
      from "analytics"."royalty_fact" where ${where}`;
  const released = rollup === 'report_release' ? ' where "release_id" is not null' : '';
  return { sql: `select ${COLUMNS[rollup]} from (${snapshots} union all ${facts}) f${released}`, params: [...params, ...params] };
};

const source = (rollup: Rollup, scope: ReportScope): Source => (scope.releaseId === null ? fromRollup(rollup, scope) : fromFigures(rollup, scope));

/** The release's most recent title among the rows (a title may change between reports). */
const latestTitle = `coalesce((array_agg("release_title" order by "period_start" desc) filter (where "release_title" is not null))[1], '')`;

export interface ReleaseStreams {
  releaseId: string;
  title: string;
  streams: number;
}

export interface OverviewFigures {
  streams: number;
  revenueMicros: bigint;
  topRelease: ReleaseStreams | null;
  topDsp: string | null;
  topTerritory: string | null;
}

/** Totals, and the release, store and territory with the most streams (ties by name, for a stable answer). */
export const overviewFigures = async (em: EntityManager, scope: ReportScope): Promise<OverviewFigures> => {
  const total = source('report_total', scope);
  const release = source('report_release', scope);
  const store = source('report_store', scope);
  const territory = source('report_territory', scope);
  const [row] = await em.execute<
    {
      streams: string;
      revenue_micros: string;
      top_release_id: string | null;
      top_release_title: string | null;
      top_release_streams: string | null;
      top_dsp: string | null;
      top_territory: string | null;
    }[]
  >(
    `with total as (
       select coalesce(sum("streams"), 0)::text as "streams", coalesce(sum("revenue_micros"), 0)::text as "revenue_micros"
         from (${total.sql}) t),
     top_release as (
       select "release_id", ${latestTitle} as "title", sum("streams") as "streams"
         from (${release.sql}) r
        group by "release_id" order by sum("streams") desc, 2 asc, "release_id" asc limit 1),
     top_dsp as (
       select "dsp_name" from (${store.sql}) s group by "dsp_name" order by sum("streams") desc, "dsp_name" asc limit 1),
     top_territory as (
       select "territory" from (${territory.sql}) g group by "territory" order by sum("streams") desc, "territory" asc limit 1)
     select total."streams", total."revenue_micros",
            (select "release_id" from top_release) as "top_release_id",
            (select "title" from top_release) as "top_release_title",
            (select "streams"::text from top_release) as "top_release_streams",
            (select "dsp_name" from top_dsp) as "top_dsp",
            (select "territory" from top_territory) as "top_territory"
       from total`,
    [...total.params, ...release.params, ...store.params, ...territory.params],
  );
  return {
    streams: Number(row?.streams ?? 0),
    revenueMicros: BigInt(row?.revenue_micros ?? 0),
    topRelease: row?.top_release_id
      ? { releaseId: row.top_release_id, title: row.top_release_title ?? '', streams: Number(row.top_release_streams ?? 0) }
      : null,
    topDsp: row?.top_dsp ?? null,
    topTerritory: row?.top_territory ?? null,
  };
};

/** Streams per release, most streamed first. */
export const streamsByRelease = async (em: EntityManager, scope: ReportScope): Promise<ReleaseStreams[]> => {
  const release = source('report_release', scope);
  const rows = await em.execute<{ release_id: string; title: string; streams: string }[]>(
    `select "release_id", ${latestTitle} as "title", sum("streams")::text as "streams"
       from (${release.sql}) r
      group by "release_id" order by sum("streams") desc, 2 asc, "release_id" asc`,
    release.params,
  );
  return rows.map((row) => ({ releaseId: row.release_id, title: row.title, streams: Number(row.streams) }));
};

/** Streams per territory, most streamed first: only ingested snapshots carry a territory. */
export const streamsByTerritory = async (em: EntityManager, scope: ReportScope): Promise<{ territory: string; streams: number }[]> => {
  const territory = source('report_territory', scope);
  const rows = await em.execute<{ territory: string; streams: string }[]>(
    `select "territory", sum("streams")::text as "streams"
       from (${territory.sql}) g
      group by "territory" order by sum("streams") desc, "territory" asc`,
    territory.params,
  );
  return rows.map((row) => ({ territory: row.territory, streams: Number(row.streams) }));
};

/** Streams per store, most streamed first. */
export const streamsByDsp = async (em: EntityManager, scope: ReportScope): Promise<{ dsp: string; streams: number }[]> => {
  const store = source('report_store', scope);
  const rows = await em.execute<{ dsp_name: string; streams: string }[]>(
    `select "dsp_name", sum("streams")::text as "streams"
       from (${store.sql}) s group by "dsp_name" order by sum("streams") desc, "dsp_name" asc`,
    store.params,
  );
  return rows.map((row) => ({ dsp: row.dsp_name, streams: Number(row.streams) }));
};

/**
 * Streams per calendar month (YYYY-MM) of each figure's first day, every month of the range listed
 * (zero when nothing was reported), oldest first.
 */
export const monthlyStreams = async (em: EntityManager, scope: ReportScope): Promise<{ period: string; streams: number }[]> => {
  const total = source('report_total', scope);
  const rows = await em.execute<{ period: string; streams: string }[]>(
    `with figures as (${total.sql}),
     months as (
       select to_char("month", 'YYYY-MM') as "period"
         from generate_series(date_trunc('month', ?::date), date_trunc('month', ?::date), interval '1 month') as "month")
     select m."period", coalesce(sum(f."streams"), 0)::text as "streams"
       from months m left join figures f on to_char(f."period_start", 'YYYY-MM') = m."period"
      group by m."period" order by m."period"`,
    [...total.params, scope.from, scope.to],
  );
  return rows.map((row) => ({ period: row.period, streams: Number(row.streams) }));
};

/** One artist's streams and revenue (the scope names the artist). */
export const artistFigures = async (em: EntityManager, scope: ReportScope): Promise<{ streams: number; revenueMicros: bigint }> => {
  const total = source('report_total', scope);
  const [row] = await em.execute<{ streams: string; revenue_micros: string }[]>(
    `select coalesce(sum("streams"), 0)::text as "streams", coalesce(sum("revenue_micros"), 0)::text as "revenue_micros" from (${total.sql}) t`,
    total.params,
  );
  return { streams: Number(row?.streams ?? 0), revenueMicros: BigInt(row?.revenue_micros ?? 0) };
};
