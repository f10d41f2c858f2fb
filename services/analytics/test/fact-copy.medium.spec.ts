import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { createLogger, openDatabase } from '@sv/platform';
import { zeroCounts } from '@sv/reports';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import { COPY_BATCH, copyFacts } from '../src/app/streaming/fact-copy.ts';
import { loadCodeMatcher } from '../src/app/streaming/load-code-matcher.ts';
import { STREAM_SHAPE } from '../src/app/streaming/report-kinds.ts';
import type { StreamRecord } from '../src/app/streaming/report-records.ts';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from '../src/db/index.ts';

/*
 * A load's rows COPYed on a real analytics schema: each row names its load and its match by
 * number, every match is recorded once in `report_match`, and a file making more new matches than
 * a load holds records them between COPYs of its rows and loses none.
 */

const logger = createLogger({ service: 'analytics', env: 'production', level: 'silent', pretty: false });
let db: TestDatabase;
let orm: MikroORM;
let client: pg.Client;
const tenantId = randomUUID();
const trackOf = new Map<string, string>();

/** A catalogue in which every ISRC but the ZZNONE ones is a track of its own. */
const catalogue = {
  matchRecordings: async (_principal: unknown, query: { isrcs: string[]; upcs: string[] }) => ({
    tracks: query.isrcs
      .filter((isrc) => !isrc.startsWith('ZZNONE'))
      .map((isrc) => {
        if (!trackOf.has(isrc)) trackOf.set(isrc, randomUUID());
        return { isrc, track_id: trackOf.get(isrc)!, release_id: randomUUID(), artist_id: null, title: 'T', release_title: 'R' };
      }),
    releases: [],
  }),
} as unknown as CataloguePort;

const record = (line: number, isrc: string): StreamRecord => ({
  line,
  day: '2026-03-01',
  store: null,
  isrc,
  upc: null,
  title: 'Song',
  artistName: 'Nova',
  territory: 'GB',
  counts: { ...zeroCounts(), streams: line },
});

async function* recordsOf(isrcs: string[]): AsyncGenerator<StreamRecord> {
  for (const [index, isrc] of isrcs.entries()) yield record(index + 1, isrc);
}

beforeAll(async () => {
  db = await createTestDatabase('svfactcopy');
  orm = await openDatabase({ url: db.url, schema: ANALYTICS_SCHEMA, entities: ANALYTICS_ENTITIES, migrations: ANALYTICS_MIGRATIONS, logger });
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
}, 60_000);

afterAll(async () => {
  await client?.end();
  await orm?.close(true);
  await db?.drop();
});

describe('copying a load\'s facts', () => {
  it('names each row\'s load and match by number, and records each match once, between COPYs when it makes more than it holds', async () => {
    // Two and a half batches of distinct matched codes, a code met again, and an unmatched one.
    const isrcs = Array.from({ length: COPY_BATCH * 2 + COPY_BATCH / 2 }, (_, index) => `ZZMAT${String(index).padStart(7, '0')}`);
    isrcs.push(isrcs[0]!, 'ZZNONE0000001');
    const loadNumber = 41;
    const matcher = loadCodeMatcher({ orm, catalogue }, tenantId);
    // How many matches wait unrecorded each time a batch is about to be matched.
    const held: number[] = [];
    const watched = { ...matcher, learn: (isrcs: Iterable<string>, upcs: Iterable<string>) => (held.push(matcher.newMatches()), matcher.learn(isrcs, upcs)) };
    await client.query('begin');
    const written = await copyFacts(client, STREAM_SHAPE, recordsOf(isrcs), { tenantId, loadNumber, store: 'Tunes', storeFixed: true, matcher: watched, matchesHeld: COPY_BATCH / 2 });
    await client.query('commit');
    // A batch's matches were recorded before the next batch was read: never a batch's worth held over.
    expect(held).toHaveLength(3);
    expect(Math.max(...held)).toBeLessThan(COPY_BATCH);

    expect(written.rows).toBe(isrcs.length);
    expect(written.matched).toEqual({ isrc: isrcs.length - 1, upc: 0, unmatched: 1 });
    const { rows: matches } = await client.query<{ count: number; numbers: number; lowest: number; highest: number }>(
      `select count(*)::int as "count", count(distinct "match_number")::int as "numbers", min("match_number") as "lowest", max("match_number") as "highest"
         from "analytics"."report_match" where "load_number" = $1 and "tenant_id" = $2`,
      [loadNumber, tenantId],
    );
    expect(matches[0]).toEqual({ count: isrcs.length - 2, numbers: isrcs.length - 2, lowest: 1, highest: isrcs.length - 2 });
    // Every row is tied to the track its ISRC matched, through its load's numbered match; the unmatched one to none.
    const { rows } = await client.query<{ isrc: string; track_id: string | null; load_number: string }>(
      `select r."isrc", m."track_id", r."load_number" from "analytics"."stream_row" r
         left join "analytics"."report_match" m on m."load_number" = r."load_number" and m."match_number" = r."match_number"
        where r."tenant_id" = $1`,
      [tenantId],
    );
    expect(rows).toHaveLength(isrcs.length);
    for (const row of rows) {
      expect(Number(row.load_number)).toBe(loadNumber);
      expect(row.track_id).toBe(trackOf.get(row.isrc) ?? null);
    }
  });
});
