import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import { loadReportFile } from '../src/app/streaming/report-load.ts';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from '../src/db/index.ts';
import { csvStreams } from './support/report-fixtures.ts';

/*
 * The recording day rollup on a real analytics schema, after loads whose rows name their matches
 * by each load's own numbers: one row per day and recording as matched, however many loads (and
 * so match numbers) hold it, with their sums.
 */

const logger = createLogger({ service: 'analytics', env: 'production', level: 'silent', pretty: false });
let db: TestDatabase;
let orm: MikroORM;
const tenantId = randomUUID();
const song = { track: randomUUID(), release: randomUUID(), artist: randomUUID() };

/** A catalogue that knows one track. */
const catalogue = {
  matchRecordings: async (_principal: unknown, query: { isrcs: string[] }) => ({
    tracks: query.isrcs.includes('ZZX002600011')
      ? [{ isrc: 'ZZX002600011', track_id: song.track, release_id: song.release, artist_id: song.artist, title: 'Song', release_title: 'Song' }]
      : [],
    releases: [],
  }),
} as unknown as CataloguePort;

const load = (name: string, text: string) => loadReportFile({ orm, catalogue }, tenantId, { fileName: name, blobKey: null, open: async () => Readable.from([text]) });
const line = (store: string, territory: string, isrc: string, streams: number) => ({ date: '2026-05-04', store, territory, isrc, title: 'Song', artist: 'Nova', streams });

beforeAll(async () => {
  db = await createTestDatabase('svrollups');
  orm = await openDatabase({ url: db.url, schema: ANALYTICS_SCHEMA, entities: ANALYTICS_ENTITIES, migrations: ANALYTICS_MIGRATIONS, logger });
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

describe('the recording day rollup', () => {
  it('holds one row per day and recording as matched, summed over every store that reported it', async () => {
    await load('tunes.csv', csvStreams([line('Tunes', 'GB', 'ZZX002600011', 5), line('Tunes', 'US', 'ZZX002600011', 7), line('Tunes', 'GB', 'ZZX002600012', 1)]));
    await load('waves.csv', csvStreams([line('Waves', 'GB', 'ZZX002600011', 11), line('Waves', 'DE', 'ZZX002600012', 2)]));

    const rows = await orm.em.fork().execute<{ isrc: string; track_id: string | null; artist_id: string | null; matched_by: string | null; streams: string; row_count: number }[]>(
      `select "isrc", "track_id", "artist_id", "matched_by", "streams", "row_count" from "analytics"."stream_recording_day"
        where "tenant_id" = ? and "day" = '2026-05-04' order by "isrc"`,
      [tenantId],
    );
    expect(rows.map((row) => ({ ...row, streams: Number(row.streams) }))).toEqual([
      { isrc: 'ZZX002600011', track_id: song.track, artist_id: song.artist, matched_by: 'isrc', streams: 23, row_count: 3 },
      { isrc: 'ZZX002600012', track_id: null, artist_id: null, matched_by: null, streams: 3, row_count: 2 },
    ]);
    // The two loads numbered the same match on their own.
    const [numbers] = await orm.em.fork().execute<{ loads: number }[]>(
      `select count(distinct "load_number")::int as "loads" from "analytics"."report_match" where "tenant_id" = ? and "track_id" = ?`,
      [tenantId, song.track],
    );
    expect(numbers).toEqual({ loads: 2 });
  });
});
