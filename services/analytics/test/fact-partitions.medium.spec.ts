import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import { ensureMonthPartitions, ensureMonthPartitionsAt, monthPartitionsOf, partitionsTouched, ReportPeriodTooLongError } from '../src/app/streaming/fact-partitions.ts';
import { loadReportFile } from '../src/app/streaming/report-load.ts';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from '../src/db/index.ts';
import { Migration20261210000700_monthly_partitions } from '../src/db/migrations/Migration20261210000700_monthly_partitions.ts';
import { csvStreams } from './support/report-fixtures.ts';

/*
 * The day-level fact tables partitioned by month on a real analytics schema: what the migration
 * makes of rows already there (and undoes), month partitions made ahead of a load (idempotent,
 * from two connections at once, moving rows out of the default partition), rows and deletes
 * touching only their month's partition, and a load through the partitioned tables.
 */

const PARTITIONS = { name: 'Migration20261210000700_monthly_partitions', class: Migration20261210000700_monthly_partitions };
const BEFORE = ANALYTICS_MIGRATIONS.slice(0, ANALYTICS_MIGRATIONS.findIndex((migration) => migration.name === PARTITIONS.name));
const logger = createLogger({ service: 'analytics', env: 'production', level: 'silent', pretty: false });
const FACT_TABLES = ['stream_row', 'playlist_row', 'chart_row'];

let db: TestDatabase;
let orm: MikroORM;
let client: pg.Client;
const tenantId = randomUUID();

const open = (migrations: typeof ANALYTICS_MIGRATIONS): Promise<MikroORM> =>
  openDatabase({ url: db.url, schema: ANALYTICS_SCHEMA, entities: ANALYTICS_ENTITIES, migrations, logger });

const connect = async (): Promise<pg.Client> => {
  const connection = new pg.Client({ connectionString: db.url });
  await connection.connect();
  return connection;
};

/** A report file row for facts to belong to. */
const reportFile = async (): Promise<string> => {
  const id = randomUUID();
  await client.query(
    `insert into "analytics"."report_file" ("id", "tenant_id", "store", "format", "kind", "file_name", "sha256", "size_bytes", "row_count", "skipped_count",
       "matched_isrc", "matched_upc", "unmatched", "replaced_rows", "loaded_at")
     values ($1, $2, 'Spotify', 'csv', 'streams', 'f.csv', $3, 1, 0, 0, 0, 0, 0, 0, now())`,
    [id, tenantId, randomUUID().replaceAll('-', '').padEnd(64, '0')],
  );
  return id;
};

/** Stream rows of a file, as the schema before the numbered fact rows keeps them (by the file's uuid). */
const insertStreams = async (fileId: string, days: string[]): Promise<void> => {
  await client.query(
    `insert into "analytics"."stream_row" ("tenant_id", "file_id", "store", "day", "territory", "isrc", "title", "artist_name", "streams")
     select $1, $2, 'Spotify', d, 'GB', 'ZZX002600001', 'Song', 'Nova', 5 from unnest($3::date[]) d`,
    [tenantId, fileId, days],
  );
};

/** Stream rows of a file, as the schema keeps them now (by the file's load number). */
const insertLoadedStreams = async (fileId: string, days: string[]): Promise<void> => {
  await client.query(
    `insert into "analytics"."stream_row" ("tenant_id", "load_number", "store", "day", "territory", "isrc", "title", "artist_name", "streams")
     select $1, f."load_number", 'Spotify', d, 'GB', 'ZZX002600001', 'Song', 'Nova', 5 from unnest($3::date[]) d, "analytics"."report_file" f where f."id" = $2`,
    [tenantId, fileId, days],
  );
};

/** Where each stream row of the tenant is kept, by day. */
const homes = async (days: string[]): Promise<{ day: string; partition: string }[]> =>
  (
    await client.query<{ day: string; partition: string }>(
      `select "day"::text as "day", "tableoid"::regclass::text as "partition" from "analytics"."stream_row"
        where "tenant_id" = $1 and "day" = any($2::date[]) order by "day"`,
      [tenantId, days],
    )
  ).rows;

const partitionsOf = async (table: string): Promise<string[]> =>
  (
    await client.query<{ name: string }>(
      `select c."relname" as "name" from pg_inherits i join pg_class c on c."oid" = i."inhrelid" where i."inhparent" = $1::regclass order by 1`,
      [`analytics.${table}`],
    )
  ).rows.map((row) => row.name);

const partitioned = async (): Promise<string[]> =>
  (
    await client.query<{ name: string }>(
      `select c."relname" as "name" from pg_partitioned_table p join pg_class c on c."oid" = p."partrelid"
        join pg_namespace n on n."oid" = c."relnamespace" where n."nspname" = 'analytics' and p."partstrat" = 'r' order by 1`,
    )
  ).rows.map((row) => row.name);

beforeAll(async () => {
  db = await createTestDatabase('svparts');
  orm = await open(BEFORE);
  client = await connect();
}, 60_000);

afterAll(async () => {
  await client?.end();
  await orm?.close(true);
  await db?.drop();
});

describe('the monthly partitions migration', () => {
  it('partitions the fact tables by month with the rows already there, keeps their ids, keys and indexes, and undoes it', async () => {
    const fileId = await reportFile();
    await insertStreams(fileId, ['2026-01-05', '2026-01-20', '2026-03-02']);
    const before = (await client.query<{ id: string; day: string }>(`select "id", "day"::text as "day" from "analytics"."stream_row" order by "id"`)).rows;
    await orm.close(true);

    orm = await open([...BEFORE, PARTITIONS]);

    expect(await partitioned()).toEqual([...FACT_TABLES].sort());
    expect(await partitionsOf('stream_row')).toEqual(['stream_row_default', 'stream_row_y2026m01', 'stream_row_y2026m03']);
    expect(await partitionsOf('playlist_row')).toEqual(['playlist_row_default']);
    expect((await client.query(`select "id", "day"::text as "day" from "analytics"."stream_row" order by "id"`)).rows).toEqual(before);
    expect((await homes(['2026-01-05', '2026-03-02'])).map((row) => row.partition)).toEqual(['analytics.stream_row_y2026m01', 'analytics.stream_row_y2026m03']);
    // The identity goes on from where it was; the key holds the partition key; the indexes are the parent's.
    await insertStreams(fileId, ['2026-03-03']);
    const { rows: next } = await client.query<{ id: string }>(`select max("id")::text as "id" from "analytics"."stream_row"`);
    expect(Number(next[0]!.id)).toBe(Number(before.at(-1)!.id) + 1);
    const { rows: key } = await client.query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as "definition" from pg_constraint where conrelid = 'analytics.stream_row'::regclass and contype in ('p', 'f') order by contype desc`,
    );
    expect(key.map((row) => row.definition)).toEqual([
      'PRIMARY KEY (id, day)',
      'FOREIGN KEY (file_id) REFERENCES analytics.report_file(id) ON DELETE CASCADE',
    ]);
    const { rows: indexes } = await client.query<{ name: string }>(`select indexname as "name" from pg_indexes where tablename = 'stream_row_y2026m03' order by 1`);
    expect(indexes.map((row) => row.name)).toEqual(['stream_row_y2026m03_file_id_idx', 'stream_row_y2026m03_pkey', 'stream_row_y2026m03_tenant_id_day_store_territory_idx']);
    await expect(
      client.query(`insert into "analytics"."stream_row" ("tenant_id", "file_id", "store", "day", "territory", "isrc", "title", "artist_name") values ($1, $2, 'S', '2026-01-01', 'gb', 'X', 'T', 'A')`, [
        tenantId,
        fileId,
      ]),
    ).rejects.toThrow(/stream_row_territory_check/);

    await orm.migrator.down(PARTITIONS.name);
    expect(await partitioned()).toEqual([]);
    expect((await client.query(`select count(*)::int as "rows" from "analytics"."stream_row"`)).rows[0]).toEqual({ rows: 4 });

    await orm.migrator.up();
    expect(await partitioned()).toEqual([...FACT_TABLES].sort());
    // The foreign key still cascades, through every partition.
    await client.query(`delete from "analytics"."report_file" where "id" = $1`, [fileId]);
    expect((await client.query(`select count(*)::int as "rows" from "analytics"."stream_row"`)).rows[0]).toEqual({ rows: 0 });

    // The later migrations: the load path's per-row key goes (only loads write and remove these rows, by their file).
    await orm.close(true);
    orm = await open(ANALYTICS_MIGRATIONS);
    const { rows: keys } = await client.query<{ table: string }>(
      `select conrelid::regclass::text as "table" from pg_constraint where contype = 'f' and connamespace = 'analytics'::regnamespace and conrelid::regclass::text like any ($1)`,
      [FACT_TABLES.map((table) => `analytics.${table}%`)],
    );
    expect(keys).toEqual([]);
  });
});

describe('month partitions made ahead of a load', () => {
  it('are exactly the months of the range, made once', async () => {
    expect(monthPartitionsOf('stream_row', '2027-11-15', '2028-02-03')).toEqual([
      { name: 'stream_row_y2027m11', from: '2027-11-01', to: '2027-12-01' },
      { name: 'stream_row_y2027m12', from: '2027-12-01', to: '2028-01-01' },
      { name: 'stream_row_y2028m01', from: '2028-01-01', to: '2028-02-01' },
      { name: 'stream_row_y2028m02', from: '2028-02-01', to: '2028-03-01' },
    ]);
    expect(await ensureMonthPartitions(client, 'stream_row', '2027-11-15', '2028-02-03')).toEqual([
      'stream_row_y2027m11',
      'stream_row_y2027m12',
      'stream_row_y2028m01',
      'stream_row_y2028m02',
    ]);
    expect(await ensureMonthPartitions(client, 'stream_row', '2027-12-01', '2028-01-31')).toEqual([]);
    const made = (await partitionsOf('stream_row')).filter((name) => name >= 'stream_row_y2027');
    expect(made).toEqual(['stream_row_y2027m11', 'stream_row_y2027m12', 'stream_row_y2028m01', 'stream_row_y2028m02']);
    const { rows } = await client.query<{ bound: string }>(`select pg_get_expr(relpartbound, oid) as "bound" from pg_class where oid = 'analytics.stream_row_y2027m12'::regclass`);
    expect(rows[0]!.bound).toBe("FOR VALUES FROM ('2027-12-01') TO ('2028-01-01')");
  });

  it('are made once when two connections ask for them at the same time', async () => {
    const [one, two] = await Promise.all([connect(), connect()]);
    try {
      const made = await Promise.all([
        ensureMonthPartitions(one, 'playlist_row', '2030-01-10', '2030-03-10'),
        ensureMonthPartitions(two, 'playlist_row', '2030-02-01', '2030-04-30'),
      ]);
      expect(made.flat().sort()).toEqual(['playlist_row_y2030m01', 'playlist_row_y2030m02', 'playlist_row_y2030m03', 'playlist_row_y2030m04']);
      expect(await partitionsOf('playlist_row')).toEqual(['playlist_row_default', 'playlist_row_y2030m01', 'playlist_row_y2030m02', 'playlist_row_y2030m03', 'playlist_row_y2030m04']);
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
  });

  it('move the rows of their month out of the default partition', async () => {
    const fileId = await reportFile();
    await insertLoadedStreams(fileId, ['2029-05-03', '2029-05-31', '2029-06-01']);
    const { rows: before } = await client.query(`select "load_number", "day"::text, "streams" from "analytics"."stream_row" where "tenant_id" = $1 and "day" >= '2029-05-01' order by "day"`, [
      tenantId,
    ]);
    expect((await homes(['2029-05-03', '2029-05-31', '2029-06-01'])).map((row) => row.partition)).toEqual(Array(3).fill('analytics.stream_row_default'));

    expect(await ensureMonthPartitions(client, 'stream_row', '2029-05-03', '2029-05-31')).toEqual(['stream_row_y2029m05']);

    expect((await homes(['2029-05-03', '2029-05-31', '2029-06-01'])).map((row) => row.partition)).toEqual([
      'analytics.stream_row_y2029m05',
      'analytics.stream_row_y2029m05',
      'analytics.stream_row_default',
    ]);
    const { rows: after } = await client.query(`select "load_number", "day"::text, "streams" from "analytics"."stream_row" where "tenant_id" = $1 and "day" >= '2029-05-01' order by "day"`, [
      tenantId,
    ]);
    expect(after).toEqual(before);
  });

  it('are refused for a range of more than 240 months, and none is made', async () => {
    const count = (await partitionsOf('chart_row')).length;
    await expect(ensureMonthPartitions(client, 'chart_row', '1990-01-01', '2030-12-31')).rejects.toThrow(ReportPeriodTooLongError);
    await expect(ensureMonthPartitions(client, 'chart_row', '1990-01-01', '2030-12-31')).rejects.toThrow(/1990-01-01 to 2030-12-31, 492 months: a report file may span at most 240 months/);
    expect(await partitionsOf('chart_row')).toHaveLength(count);
    expect(monthPartitionsOf('chart_row', '2011-01-01', '2030-12-31')).toHaveLength(240);
  });
});

describe('rows in month partitions', () => {
  it('land in their month and a delete of a month touches only its partition', async () => {
    await ensureMonthPartitions(client, 'stream_row', '2031-01-01', '2031-02-28');
    const fileId = await reportFile();
    await insertLoadedStreams(fileId, ['2031-01-10', '2031-01-11', '2031-02-14']);
    expect((await homes(['2031-01-10', '2031-01-11', '2031-02-14'])).map((row) => row.partition)).toEqual([
      'analytics.stream_row_y2031m01',
      'analytics.stream_row_y2031m01',
      'analytics.stream_row_y2031m02',
    ]);

    const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
      `explain delete from "analytics"."stream_row" where "tenant_id" = $1 and "day" between '2031-01-01' and '2031-01-31'`,
      [tenantId],
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('stream_row_y2031m01');
    expect(text).not.toMatch(/stream_row_(default|y2031m02|y2029m05)/);
    expect(await partitionsTouched(client, 'stream_row', '2031-01-01', '2031-01-31')).toEqual(['stream_row_y2031m01']);
    // A month without a partition of its own is the default partition's.
    expect(await partitionsTouched(client, 'stream_row', '2031-02-20', '2031-03-05')).toEqual(['stream_row_default', 'stream_row_y2031m02']);

    const deleted = await client.query(`delete from "analytics"."stream_row" where "tenant_id" = $1 and "day" between '2031-01-01' and '2031-01-31'`, [tenantId]);
    expect(deleted.rowCount).toBe(2);
    expect((await homes(['2031-01-10', '2031-02-14'])).map((row) => row.partition)).toEqual(['analytics.stream_row_y2031m02']);
  });

  it('are loaded, and replaced by a revised file, through the partitioned tables', async () => {
    const catalogue = { matchRecordings: async () => ({ tracks: [], releases: [] }) } as unknown as CataloguePort;
    const load = (name: string, text: string) => loadReportFile({ orm, catalogue }, tenantId, { fileName: name, blobKey: null, open: async () => Readable.from([text]) });
    const line = (date: string, streams: number) => ({ date, store: 'LoadStore', territory: 'GB', isrc: 'ZZX002600002', title: 'Song', artist: 'Nova', streams });
    const url = orm.config.get('clientUrl')!;
    // What a load does first with its days, on a connection of its own.
    expect(await ensureMonthPartitionsAt(url, 'stream_row', '2032-01-30', '2032-02-02')).toEqual(['stream_row_y2032m01', 'stream_row_y2032m02']);
    await load('first.csv', csvStreams([line('2032-01-30', 1), line('2032-02-02', 2)]));
    const revised = await load('revised.csv', csvStreams([line('2032-02-02', 7)]));
    expect(revised.replaced_rows).toBe(1);
    const { rows } = await client.query(
      `select "day"::text as "day", "streams"::int as "streams", "tableoid"::regclass::text as "partition" from "analytics"."stream_row"
        where "tenant_id" = $1 and "store" = 'LoadStore' order by "day"`,
      [tenantId],
    );
    expect(rows).toEqual([
      { day: '2032-01-30', streams: 1, partition: 'analytics.stream_row_y2032m01' },
      { day: '2032-02-02', streams: 7, partition: 'analytics.stream_row_y2032m02' },
    ]);
    const { rows: days } = await client.query(`select "day"::text as "day", "streams"::int as "streams" from "analytics"."stream_day" where "tenant_id" = $1 and "day" >= '2032-01-01' order by "day"`, [
      tenantId,
    ]);
    expect(days).toEqual([
      { day: '2032-01-30', streams: 1 },
      { day: '2032-02-02', streams: 7 },
    ]);
  });
});
