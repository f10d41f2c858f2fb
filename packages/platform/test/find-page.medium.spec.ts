import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/postgresql';
import { paginationQuery, type CursorMeta } from '@sv/contracts';
import { ValidationError, encodeCursor, findPage, openDatabase, type SortKey } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from './support/isolation.ts';
import { silentLogger } from './support/logging.ts';

const SCHEMA = 'find_page_test';

const Listing = defineEntity({
  name: 'Listing',
  tableName: 'listing',
  properties: {
    id: p.uuid().primary(),
    shelf: p.text(),
    name: p.text(),
    rank: p.integer(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});
type Listing = InferEntity<typeof Listing>;

const listingMigration = {
  name: 'Migration20261201000000_listing',
  class: class ListingTable extends Migration {
    override up(): void {
      this.addSql(`create table "${SCHEMA}"."listing" (
        "id" uuid primary key,
        "shelf" text not null,
        "name" text not null,
        "rank" integer not null,
        "created_at" timestamptz not null
      )`);
    }
  },
};

const NEWEST_FIRST: [SortKey<Listing>, SortKey<Listing>] = [
  { property: 'createdAt', direction: 'desc', type: 'date' },
  { property: 'id', direction: 'desc', type: 'uuid' },
];
const BY_NAME: [SortKey<Listing>, SortKey<Listing>] = [
  { property: 'name', direction: 'asc', type: 'text' },
  { property: 'id', direction: 'asc', type: 'uuid' },
];

let db: TestDatabase;
let orm: MikroORM;
/** The rows on the shelf every test lists; another shelf holds rows the scope must leave out. */
let shelf: Listing[];

const query = (input: Record<string, string> = {}) => paginationQuery().parse(input);

const listShelf = (order: readonly [SortKey<Listing>, ...SortKey<Listing>[]], input: Record<string, string>) =>
  findPage(orm.em.fork(), Listing, { shelf: 'main' }, { query: query(input), order });

/** Walks every page in cursor mode, checking each page's meta, and returns the rows in order. */
const walk = async (order: readonly [SortKey<Listing>, ...SortKey<Listing>[]], perPage: number): Promise<Listing[]> => {
  const seen: Listing[] = [];
  let cursor = '';
  for (let pages = 0; pages < 50; pages += 1) {
    const page = await listShelf(order, { cursor, per_page: String(perPage) });
    const meta = page.meta as CursorMeta;
    expect(meta.mode).toBe('cursor');
    expect(page.total).toBe(shelf.length);
    seen.push(...page.rows);
    if (!meta.has_more) {
      expect(meta.next_cursor).toBeNull();
      return seen;
    }
    expect(page.rows).toHaveLength(perPage);
    expect(meta.next_cursor).toEqual(expect.any(String));
    cursor = meta.next_cursor as string;
  }
  throw new Error('the walk did not end');
};

const compare = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

const expectInvalidCursor = async (cursor: string, order: readonly [SortKey<Listing>, ...SortKey<Listing>[]] = NEWEST_FIRST) => {
  const error: unknown = await listShelf(order, { cursor }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).fields).toEqual({ cursor: ['The cursor is invalid.'] });
};

beforeAll(async () => {
  db = await createTestDatabase('find_page');
  orm = await openDatabase({
    url: db.url,
    schema: SCHEMA,
    entities: [Listing],
    migrations: [listingMigration],
    logger: silentLogger(),
    poolMax: 4,
  });
  // Three creation moments and three names shared by several rows: ties on the first key.
  const moments = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'];
  const names = ['alpha', 'bravo', 'charlie'];
  const em = orm.em.fork();
  shelf = Array.from({ length: 11 }, (_, index) =>
    em.create(Listing, {
      id: randomUUID(),
      shelf: 'main',
      name: names[index % names.length] as string,
      rank: index % 4,
      createdAt: new Date(moments[index % moments.length] as string),
    }),
  );
  for (let index = 0; index < 3; index += 1) {
    em.create(Listing, { id: randomUUID(), shelf: 'other', name: 'alpha', rank: 0, createdAt: new Date() });
  }
  await em.flush();
}, 120_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

describe('findPage in offset mode', () => {
  it('returns the asked page of the scoped rows in order, with offset meta', async () => {
    const expected = [...shelf].sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id)).slice(4, 8);
    const page = await listShelf(BY_NAME, { page: '2', per_page: '4' });
    expect(page.rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(page.total).toBe(11);
    expect(page.meta).toEqual({ mode: 'offset', total: 11, per_page: 4, current_page: 2, last_page: 3 });
  });

  it('returns an empty page past the end', async () => {
    const page = await listShelf(BY_NAME, { page: '9', per_page: '4' });
    expect(page.rows).toEqual([]);
    expect(page.meta).toMatchObject({ mode: 'offset', total: 11, last_page: 3 });
  });
});

describe('findPage in cursor mode', () => {
  it('walks every row once, newest first, across ties on the creation moment', async () => {
    const expected = [...shelf].sort(
      (a, b) => compare(b.createdAt.toISOString(), a.createdAt.toISOString()) || compare(b.id, a.id),
    );
    const rows = await walk(NEWEST_FIRST, 2);
    expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });

  it('walks every row once in ascending name order, across ties on the name', async () => {
    const expected = [...shelf].sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id));
    const rows = await walk(BY_NAME, 3);
    expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });

  it('walks an integer key with mixed directions', async () => {
    const order = [
      { property: 'rank', direction: 'desc', type: 'integer' },
      { property: 'id', direction: 'asc', type: 'uuid' },
    ] as const;
    const expected = [...shelf].sort((a, b) => compare(b.rank, a.rank) || compare(a.id, b.id));
    const rows = await walk(order, 4);
    expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });

  it('starts at the first row with mode=cursor, and its cursor is the base64url JSON of the last row keys', async () => {
    const page = await listShelf(NEWEST_FIRST, { mode: 'cursor', per_page: '2' });
    const last = page.rows.at(-1) as Listing;
    expect(page.meta).toEqual({
      mode: 'cursor',
      per_page: 2,
      has_more: true,
      next_cursor: encodeCursor([last.createdAt.toISOString(), last.id]),
    });
  });

  it('returns one page without a next cursor when every row fits', async () => {
    const page = await listShelf(BY_NAME, { cursor: '', per_page: '50' });
    expect(page.rows).toHaveLength(11);
    expect(page.meta).toEqual({ mode: 'cursor', per_page: 50, has_more: false, next_cursor: null });
  });

  it('refuses a cursor that is not base64url JSON', async () => {
    await expectInvalidCursor('%%% not a cursor');
    await expectInvalidCursor(Buffer.from('{not json', 'utf8').toString('base64url'));
  });

  it('refuses a cursor with the wrong number of keys', async () => {
    await expectInvalidCursor(encodeCursor(['2026-01-01T00:00:00.000Z']));
    await expectInvalidCursor(encodeCursor(['2026-01-01T00:00:00.000Z', randomUUID(), 'extra']));
    await expectInvalidCursor(encodeCursor({ 0: 'a', 1: 'b' } as unknown as unknown[]));
  });

  it('refuses a cursor whose date is not a date', async () => {
    await expectInvalidCursor(encodeCursor(['not a date', randomUUID()]));
    await expectInvalidCursor(encodeCursor([20260101, randomUUID()]));
  });

  it('refuses a cursor whose id is not a uuid', async () => {
    await expectInvalidCursor(encodeCursor(['2026-01-01T00:00:00.000Z', 'not-a-uuid']));
    await expectInvalidCursor(encodeCursor(['2026-01-01T00:00:00.000Z', 42]));
  });

  it('refuses a cursor whose text or integer key has the wrong type', async () => {
    await expectInvalidCursor(encodeCursor([7, randomUUID()]), BY_NAME);
    const byRank = [
      { property: 'rank', direction: 'asc', type: 'integer' },
      { property: 'id', direction: 'asc', type: 'uuid' },
    ] as const;
    await expectInvalidCursor(encodeCursor(['1', randomUUID()]), byRank);
    await expectInvalidCursor(encodeCursor([1.5, randomUUID()]), byRank);
  });
});
