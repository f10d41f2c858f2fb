import pg from 'pg';
import { MalformedReportError } from './streaming.errors.ts';

/** The day-level fact tables, each partitioned by month on "day" (one partition per month, and a default). */
export const PARTITIONED_FACT_TABLES = ['stream_row', 'playlist_row', 'chart_row'] as const;
export type PartitionedFactTable = (typeof PARTITIONED_FACT_TABLES)[number];

/** A load spanning more months than this is refused: a wild period must not make thousands of tables. */
export const MAX_PARTITION_MONTHS = 240;

/** 422: the file's days run over more months than a load may make partitions for. */
export class ReportPeriodTooLongError extends MalformedReportError {
  constructor(firstDay: string, lastDay: string, months: number) {
    super(null, 'period', `its days run from ${firstDay} to ${lastDay}, ${months} months: a report file may span at most ${MAX_PARTITION_MONTHS} months`);
  }
}

/** One month's partition of a fact table: its name and its bounds (from inclusive, to exclusive). */
export interface MonthPartition {
  name: string;
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-\d{2}$/;

const monthOf = (day: string): { year: number; month: number } => {
  const parts = DAY.exec(day);
  const month = Number(parts?.[2]);
  if (!parts || month < 1 || month > 12) throw new Error(`not a day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  return { year: Number(parts[1]), month };
};

const firstOf = (year: number, month: number): string => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

const factTable = (table: string): PartitionedFactTable => {
  if (!(PARTITIONED_FACT_TABLES as readonly string[]).includes(table)) throw new Error(`not a partitioned fact table: ${JSON.stringify(table)}`);
  return table as PartitionedFactTable;
};

/**
 * The month partitions `table` has (or would have) for the days from `firstDay` to `lastDay`,
 * named `<table>_yYYYYmMM`, in order. Refuses a range of more than MAX_PARTITION_MONTHS months.
 */
export const monthPartitionsOf = (table: string, firstDay: string, lastDay: string): MonthPartition[] => {
  const name = factTable(table);
  const first = monthOf(firstDay);
  const last = monthOf(lastDay);
  if (lastDay < firstDay) throw new Error(`the range ends (${lastDay}) before it starts (${firstDay})`);
  const count = (last.year - first.year) * 12 + (last.month - first.month) + 1;
  if (count > MAX_PARTITION_MONTHS) throw new ReportPeriodTooLongError(firstDay, lastDay, count);
  const partitions: MonthPartition[] = [];
  for (let { year, month } = first, i = 0; i < count; i++) {
    const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
    partitions.push({ name: `${name}_y${String(year).padStart(4, '0')}m${String(month).padStart(2, '0')}`, from: firstOf(year, month), to: firstOf(next.year, next.month) });
    ({ year, month } = next);
  }
  return partitions;
};

/** The partitions not made yet. Read from pg_class itself, not by name lookup (to_regclass), whose cache may not have seen another session's commit yet. */
const missingOf = async (client: pg.Client, partitions: MonthPartition[]): Promise<MonthPartition[]> => {
  const { rows } = await client.query<{ name: string }>(`select "relname" as "name" from pg_class where "relnamespace" = 'analytics'::regnamespace and "relname" = any($1::text[])`, [
    partitions.map((partition) => partition.name),
  ]);
  const made = new Set(rows.map((row) => row.name));
  return partitions.filter((partition) => !made.has(partition.name));
};

/**
 * Makes the month partitions `table` lacks for the days from `firstDay` to `lastDay`, and answers
 * the names it made (none when all were there, the usual case, which takes no lock). Rows of
 * those months already in the default partition are moved into their month's.
 *
 * Runs its own transaction, so `client` must not be in one: creating a partition locks the whole
 * table until commit, which inside a load would stall every other tenant's loads and reads of it.
 * Callers making partitions at once are serialised by an advisory lock per table, each making
 * only what is still missing once it holds it.
 */
export const ensureMonthPartitions = async (client: pg.Client, table: string, firstDay: string, lastDay: string): Promise<string[]> => {
  const partitions = monthPartitionsOf(table, firstDay, lastDay);
  if ((await missingOf(client, partitions)).length === 0) return [];
  const parent = `"analytics"."${table}"`;
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`sv:analytics:fact-partitions:${table}`]);
    const missing = await missingOf(client, partitions);
    if (missing.length > 0) {
      // Taken up front: moving rows out of the default partition first and only then asking for the
      // lock the partition's creation needs could deadlock with a reader of the table.
      await client.query(`lock table ${parent} in access exclusive mode`);
      const { rows } = await client.query<{ fallback: string | null; columns: string }>(
        `select nullif(p."partdefid", 0)::regclass::text as "fallback",
                (select string_agg(quote_ident(a."attname"), ', ' order by a."attnum")
                   from pg_attribute a where a."attrelid" = p."partrelid" and a."attnum" > 0 and not a."attisdropped") as "columns"
           from pg_partitioned_table p where p."partrelid" = $1::regclass`,
        [`analytics.${table}`],
      );
      const { fallback, columns } = rows[0]!;
      for (const partition of missing) {
        // A partition cannot be made while the default one holds rows of its month: they are set aside, then put back through the parent.
        if (fallback !== null) {
          await client.query(`create temp table "month_moving" on commit drop as select ${columns} from ${parent} with no data`);
          await client.query(
            `with "moved" as (delete from ${fallback} where "day" >= $1 and "day" < $2 returning ${columns})
             insert into "month_moving" (${columns}) select ${columns} from "moved"`,
            [partition.from, partition.to],
          );
        }
        await client.query(`create table "analytics"."${partition.name}" partition of ${parent} for values from ('${partition.from}') to ('${partition.to}')`);
        if (fallback !== null) {
          await client.query(`insert into ${parent} (${columns}) overriding system value select ${columns} from "month_moving"`);
          await client.query(`drop table "month_moving"`);
        }
      }
    }
    await client.query('commit');
    return missing.map((partition) => partition.name);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
};

/**
 * ensureMonthPartitions on a connection of its own to the database at `url`: for a load, whose
 * own connection is in its transaction by the time it knows its days.
 */
export const ensureMonthPartitionsAt = async (url: string, table: string, firstDay: string, lastDay: string): Promise<string[]> => {
  const client = new pg.Client({ connectionString: url, application_name: 'sv-analytics:fact-partitions' });
  await client.connect();
  try {
    return await ensureMonthPartitions(client, table, firstDay, lastDay);
  } finally {
    await client.end().catch(() => undefined);
  }
};

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const relationsOf = (node: PlanNode): string[] => [...(node['Relation Name'] ? [node['Relation Name']] : []), ...(node.Plans ?? []).flatMap(relationsOf)];

/**
 * The partitions of `table` that the days from `firstDay` to `lastDay` are in, as the planner
 * prunes them (the default partition among them while a month of the range has none of its own):
 * what replacing or deleting those days would touch. For operators and the docs; reads nothing.
 */
export const partitionsTouched = async (client: pg.Client, table: string, firstDay: string, lastDay: string): Promise<string[]> => {
  const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (format json) select 1 from "analytics"."${factTable(table)}" where "day" between $1::date and $2::date`,
    [firstDay, lastDay],
  );
  return [...new Set(relationsOf(rows[0]!['QUERY PLAN'][0]!.Plan))].sort();
};
