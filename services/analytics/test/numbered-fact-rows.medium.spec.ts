import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from '../src/db/index.ts';

/*
 * The migration that keys fact rows by numbers on a real analytics schema with rows already
 * there: each row keeps its file (as the file's load number) and what it matched (as its load's
 * numbered match), unmatched rows match nothing, and going back restores every row as it was.
 */

const NAME = 'Migration20261210001100_numbered_fact_rows';
const AT = ANALYTICS_MIGRATIONS.findIndex((migration) => migration.name === NAME);
const BEFORE = ANALYTICS_MIGRATIONS.slice(0, AT);
const logger = createLogger({ service: 'analytics', env: 'production', level: 'silent', pretty: false });

let db: TestDatabase;
let orm: MikroORM;
let client: pg.Client;
const tenantId = randomUUID();
const track = { track: randomUUID(), release: randomUUID(), artist: randomUUID() };
const release = { release: randomUUID(), artist: randomUUID() };

const open = (migrations: typeof ANALYTICS_MIGRATIONS): Promise<MikroORM> =>
  openDatabase({ url: db.url, schema: ANALYTICS_SCHEMA, entities: ANALYTICS_ENTITIES, migrations, logger });

const reportFile = async (kind: string): Promise<string> => {
  const id = randomUUID();
  await client.query(
    `insert into "analytics"."report_file" ("id", "tenant_id", "store", "format", "kind", "file_name", "sha256", "size_bytes", "row_count", "skipped_count",
       "matched_isrc", "matched_upc", "unmatched", "replaced_rows", "first_day", "last_day", "loaded_at")
     values ($1, $2, 'Spotify', 'csv', $3, 'f.csv', $4, 1, 0, 0, 0, 0, 0, 0, '2026-01-01', '2026-01-31', now())`,
    [id, tenantId, kind, randomUUID().replaceAll('-', '').padEnd(64, '0')],
  );
  return id;
};

/** A stream row as the schema before the migration keeps it, tied to a track, a release or nothing. */
const streamRow = async (fileId: string, day: string, tie: 'track' | 'release' | null, streams: number): Promise<void> => {
  const match =
    tie === 'track' ? [track.track, track.release, track.artist, 'isrc'] : tie === 'release' ? [null, release.release, release.artist, 'upc'] : [null, null, null, null];
  await client.query(
    `insert into "analytics"."stream_row" ("tenant_id", "file_id", "store", "day", "territory", "isrc", "upc", "track_id", "release_id", "artist_id", "matched_by", "title", "artist_name", "streams")
     values ($1, $2, 'Spotify', $3, 'GB', 'ZZX002600001', '0123456789012', $4, $5, $6, $7, 'Song', 'Nova', $8)`,
    [tenantId, fileId, day, ...match, streams],
  );
};

/** Every stream row with its file and what it matched, whichever way the schema keeps them. */
const streamRows = async (numbered: boolean) =>
  (
    await client.query(
      numbered
        ? `select f."id" as "file_id", r."day"::text as "day", m."track_id", m."release_id", m."artist_id", m."matched_by", r."streams"::int as "streams"
             from "analytics"."stream_row" r join "analytics"."report_file" f on f."load_number" = r."load_number"
             left join "analytics"."report_match" m on m."load_number" = r."load_number" and m."match_number" = r."match_number"
            order by r."streams"`
        : `select "file_id", "day"::text as "day", "track_id", "release_id", "artist_id", "matched_by", "streams"::int as "streams"
             from "analytics"."stream_row" order by "streams"`,
    )
  ).rows;

const columnsOf = async (table: string): Promise<string[]> =>
  (
    await client.query<{ name: string }>(`select "column_name" as "name" from information_schema.columns where table_schema = 'analytics' and table_name = $1 order by 1`, [
      table,
    ])
  ).rows.map((row) => row.name);

beforeAll(async () => {
  db = await createTestDatabase('svnumbered');
  orm = await open(BEFORE);
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
}, 60_000);

afterAll(async () => {
  await client?.end();
  await orm?.close(true);
  await db?.drop();
});

describe('the numbered fact rows migration', () => {
  it('keys the rows already there by load and match number, keeping what each matched, and undoes it', async () => {
    const first = await reportFile('streams');
    const second = await reportFile('streams');
    await streamRow(first, '2026-01-05', 'track', 1);
    await streamRow(first, '2026-01-06', 'track', 2);
    await streamRow(first, '2026-01-05', 'release', 3);
    await streamRow(first, '2026-01-05', null, 4);
    await streamRow(second, '2026-01-07', 'track', 5);
    const before = await streamRows(false);
    await orm.close(true);

    orm = await open(ANALYTICS_MIGRATIONS);
    expect(await streamRows(true)).toEqual(before);
    const stream = await columnsOf('stream_row');
    expect(stream).toEqual(expect.arrayContaining(['tenant_id', 'load_number', 'match_number']));
    for (const gone of ['file_id', 'track_id', 'release_id', 'artist_id', 'matched_by']) expect(stream).not.toContain(gone);
    // A load's matches are numbered once each from 1: the first file made two (its track and its release), the second one.
    const { rows: matches } = await client.query(
      `select f."id" as "file_id", m."match_number", m."matched_by" from "analytics"."report_match" m join "analytics"."report_file" f on f."load_number" = m."load_number"
        order by f."id" = $1 desc, m."match_number"`,
      [first],
    );
    expect(matches.map((row) => [row.file_id, row.match_number])).toEqual([
      [first, 1],
      [first, 2],
      [second, 1],
    ]);
    const { rows: unmatched } = await client.query(`select "match_number" from "analytics"."stream_row" where "streams" = 4`);
    expect(unmatched).toEqual([{ match_number: null }]);
    // A new report file takes the next load number.
    const third = await reportFile('streams');
    const { rows: numbers } = await client.query<{ id: string; load_number: string }>(`select "id", "load_number" from "analytics"."report_file" order by "load_number"`);
    expect(numbers.map((row) => row.id)).toEqual([expect.any(String), expect.any(String), third]);
    expect(new Set(numbers.map((row) => row.load_number)).size).toBe(3);

    await orm.migrator.down(NAME);
    expect(await streamRows(false)).toEqual(before);
    expect(await columnsOf('stream_row')).not.toContain('load_number');
    expect(await columnsOf('report_file')).not.toContain('load_number');
    const { rows: indexes } = await client.query<{ name: string }>(`select indexname as "name" from pg_indexes where tablename = 'stream_row' order by 1`);
    expect(indexes.map((row) => row.name)).toEqual(['stream_row_day_idx']);
  });
});
