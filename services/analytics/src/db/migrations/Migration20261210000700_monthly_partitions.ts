import { Migration } from '@mikro-orm/migrations';

/** The day-level fact tables and the indexes each keeps (as created by the streaming migration). */
const FACT_TABLES: { table: string; indexes: { name: string; columns: string[] }[] }[] = [
  {
    table: 'stream_row',
    indexes: [
      { name: 'stream_row_file_idx', columns: ['file_id'] },
      { name: 'stream_row_day_idx', columns: ['tenant_id', 'day', 'store', 'territory'] },
    ],
  },
  {
    table: 'playlist_row',
    indexes: [
      { name: 'playlist_row_file_idx', columns: ['file_id'] },
      { name: 'playlist_row_day_idx', columns: ['tenant_id', 'day', 'store'] },
    ],
  },
  {
    table: 'chart_row',
    indexes: [
      { name: 'chart_row_file_idx', columns: ['file_id'] },
      { name: 'chart_row_day_idx', columns: ['tenant_id', 'day', 'store', 'territory'] },
    ],
  },
];

const qualified = (name: string): string => `"analytics"."${name}"`;

/**
 * Rebuilds `table` as `shape` (partitioned or not) with the same columns, defaults, checks,
 * identity (continuing where it was), foreign key and indexes, and its rows. The old table is
 * renamed aside first and its schema-wide names (primary key, indexes, identity sequence) freed,
 * so the new one keeps every name the code and the earlier migrations know.
 */
const rebuildSql = (spec: (typeof FACT_TABLES)[number], shape: 'partitioned' | 'plain'): string[] => {
  const { table, indexes } = spec;
  const aside = `${table}_${shape === 'partitioned' ? 'unpartitioned' : 'partitioned'}`;
  const sql = [
    `alter table ${qualified(table)} rename to "${aside}"`,
    `alter index ${qualified(`${table}_pkey`)} rename to "${aside}_pkey"`,
    `alter sequence ${qualified(`${table}_id_seq`)} rename to "${aside}_id_seq"`,
    ...indexes.map((index) => `drop index ${qualified(index.name)}`),
    // A partitioned table's primary key must hold the partition key; nothing refers to a row by id alone.
    `create table ${qualified(table)} (
      like ${qualified(aside)} including defaults including constraints including identity including storage including comments,
      primary key (${shape === 'partitioned' ? '"id", "day"' : '"id"'})
    )${shape === 'partitioned' ? ' partition by range ("day")' : ''}`,
  ];
  if (shape === 'partitioned') {
    // One partition per month the rows hold, and a default one for days no month partition covers yet.
    sql.push(`do $body$
declare
  "month" date;
begin
  for "month" in select distinct date_trunc('month', "day")::date from ${qualified(aside)} loop
    execute format('create table "analytics".%I partition of ${qualified(table)} for values from (%L) to (%L)',
      '${table}_' || to_char("month", '"y"YYYY"m"MM'), "month", ("month" + interval '1 month')::date);
  end loop;
end
$body$`);
    sql.push(`create table ${qualified(`${table}_default`)} partition of ${qualified(table)} default`);
  }
  sql.push(
    `insert into ${qualified(table)} overriding system value select * from ${qualified(aside)}`,
    `select setval(pg_get_serial_sequence('${qualified(table)}', 'id'), s."last_value", s."is_called") from ${qualified(`${aside}_id_seq`)} s`,
    `alter table ${qualified(table)} add constraint "${table}_file_id_fkey"
      foreign key ("file_id") references "analytics"."report_file" ("id") on delete cascade`,
    // On a partitioned table an index is made on every partition, now and as each is created.
    ...indexes.map((index) => `create index "${index.name}" on ${qualified(table)} (${index.columns.map((column) => `"${column}"`).join(', ')})`),
    `drop table ${qualified(aside)}`,
  );
  return sql;
};

/**
 * The day-level fact tables (stream, playlist and chart rows) partitioned by month on "day", so
 * replacing or dropping a month touches one partition and a day-range read prunes the others. The
 * rollups stay as they are: they are a fraction of the rows, rebuilt by day, and their reads by
 * ISRC or artist run across every month. Month partitions are made ahead of each load
 * (fact-partitions.ts); rows of a month without one wait in the default partition.
 */
export class Migration20261210000700_monthly_partitions extends Migration {
  override name = 'Migration20261210000700_monthly_partitions';

  override up(): void {
    for (const spec of FACT_TABLES) for (const sql of rebuildSql(spec, 'partitioned')) this.addSql(sql);
  }

  override down(): void {
    for (const spec of FACT_TABLES) for (const sql of rebuildSql(spec, 'plain')) this.addSql(sql);
  }
}
