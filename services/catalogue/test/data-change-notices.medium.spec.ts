import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { createLogger, listenForChangeNotices, openDatabase, type ChangeNotice } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import { CATALOGUE_ENTITIES, CATALOGUE_MIGRATIONS, CATALOGUE_SCHEMA } from '../src/db/index.ts';
import { DATA_CHANGED_CHANNEL } from '../src/db/migrations/Migration20261202000700_data_change_notices.ts';

/*
 * The catalogue's change notices on a real schema: every tenant-owned table announces its
 * committed changes once per tenant and transaction, a rolled-back change announces nothing, and
 * the listener says `all` whenever it (re)connects, since NOTIFY reaches only connected listeners.
 */

/** Tables of tenant rows that no API answer is read from: the kit's bookkeeping and the ISRC counter. */
const UNANNOUNCED = ['outbox_event', 'inbox_message', 'isrc_counter'];
const logger = createLogger({ service: 'catalogue', env: 'production', level: 'silent', pretty: false });

let db: TestDatabase;
let orm: MikroORM;
let sql: pg.Client;
let heard: ChangeNotice[];
let listener: { stop(): Promise<void> };

const waitFor = async <T>(read: () => T | undefined, ms = 5_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('nothing heard in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const allCount = () => heard.filter((notice) => 'all' in notice).length;
const tenantsHeard = () => heard.flatMap((notice) => ('tenantIds' in notice ? notice.tenantIds : []));

const insertArtist = (tenantId: string) =>
  sql.query(
    `insert into "catalogue"."artist" ("id", "tenant_id", "name", "sort_name", "slug", "created_at", "updated_at") values ($1, $2, 'A', 'A', $3, now(), now())`,
    [randomUUID(), tenantId, `a-${randomUUID()}`],
  );

beforeAll(async () => {
  db = await createTestDatabase('svnotice');
  orm = await openDatabase({ url: db.url, schema: CATALOGUE_SCHEMA, entities: CATALOGUE_ENTITIES, migrations: CATALOGUE_MIGRATIONS, logger });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  heard = [];
  listener = listenForChangeNotices({ databaseUrl: db.url, channel: DATA_CHANGED_CHANNEL, announce: (notice) => heard.push(notice), maxBatch: 2, logger, retryMs: 100 });
  // Connected and listening: it says so with `all`.
  await waitFor(() => (allCount() > 0 ? true : undefined));
}, 60_000);

afterAll(async () => {
  await listener?.stop();
  await sql?.end();
  await orm?.close(true);
  await db?.drop();
});

beforeEach(() => {
  heard.length = 0;
});

it('every table of tenant rows an answer is read from announces its changes', async () => {
  const tables = await sql.query<{ table_name: string; announced: boolean }>(
    `select c.table_name,
            exists (select 1 from pg_trigger t join pg_class r on r.oid = t.tgrelid join pg_namespace n on n.oid = r.relnamespace
                    where n.nspname = c.table_schema and r.relname = c.table_name and t.tgname = c.table_name || '_announce_data_change') as announced
       from information_schema.columns c
      where c.table_schema = $1 and c.column_name = 'tenant_id'
      order by c.table_name`,
    [CATALOGUE_SCHEMA],
  );
  const expected = tables.rows.map((row) => ({ table: row.table_name, announced: !UNANNOUNCED.includes(row.table_name) }));
  expect(tables.rows.map((row) => ({ table: row.table_name, announced: row.announced }))).toEqual(expected);
  expect(expected.filter((row) => row.announced).length).toBeGreaterThanOrEqual(11);
});

it('announces each tenant of a committed transaction once, after the commit, in batches of at most maxBatch', async () => {
  const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
  await sql.query('begin');
  await insertArtist(a);
  await insertArtist(a);
  await insertArtist(b);
  await insertArtist(c);
  await sql.query(`update "catalogue"."artist" set "name" = 'B' where "tenant_id" = $1`, [a]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(heard).toEqual([]);
  await sql.query('commit');
  await waitFor(() => (tenantsHeard().length >= 3 ? true : undefined));
  expect([...tenantsHeard()].sort()).toEqual([a, b, c].sort());
  expect(heard.every((notice) => 'tenantIds' in notice && notice.tenantIds.length <= 2)).toBe(true);
});

it('announces a delete, and nothing for a rolled-back change', async () => {
  const tenant = randomUUID();
  await sql.query('begin');
  await insertArtist(tenant);
  await sql.query('rollback');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(heard).toEqual([]);
  await insertArtist(tenant);
  await waitFor(() => (tenantsHeard().includes(tenant) ? true : undefined));
  heard.length = 0;
  await sql.query(`delete from "catalogue"."artist" where "tenant_id" = $1`, [tenant]);
  await waitFor(() => (tenantsHeard().includes(tenant) ? true : undefined));
});

it('says `all` when its connection is lost and again once listening anew, then hears changes again', async () => {
  await sql.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2`, [
    `change-notices:${DATA_CHANGED_CHANNEL}`,
    db.name,
  ]);
  await waitFor(() => (allCount() >= 2 ? true : undefined), 10_000);
  const tenant = randomUUID();
  await insertArtist(tenant);
  await waitFor(() => (tenantsHeard().includes(tenant) ? true : undefined));
}, 20_000);
