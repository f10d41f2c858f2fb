import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import { loadReportFile } from '../src/app/streaming/report-load.ts';
import { rebuildDayRollups } from '../src/app/streaming/stream-rollups.ts';
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

  it('sums a day one load alone fills the same whichever way it groups, and regroups a recording that load numbered twice', async () => {
    const tenant = randomUUID();
    const other = { track: randomUUID(), release: randomUUID(), artist: randomUUID() };
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const rollupOf = async (day: string) =>
      (
        await client.query<{ isrc: string; track_id: string; streams: string; row_count: number }>(
          `select "isrc", "track_id", "streams", "row_count" from "analytics"."stream_recording_day" where "tenant_id" = $1 and "day" = $2 order by "isrc"`,
          [tenant, day],
        )
      ).rows.map((row) => ({ ...row, streams: Number(row.streams) }));
    const expected = [
      { isrc: 'ZZX002600011', track_id: song.track, streams: 12, row_count: 2 },
      { isrc: 'ZZX002600021', track_id: other.track, streams: 10, row_count: 2 },
    ];
    try {
      await client.query('begin');
      // Load 900001 numbered one track twice (1 and 2) and another once (3); load 900002 each once (1 and 2).
      await client.query(
        `insert into "analytics"."report_match" ("load_number", "match_number", "tenant_id", "track_id", "release_id", "artist_id", "matched_by")
         values (900001, 1, $1, $2, $3, $4, 'isrc'), (900001, 2, $1, $2, $3, $4, 'isrc'), (900001, 3, $1, $5, $6, $7, 'isrc'),
                (900002, 1, $1, $2, $3, $4, 'isrc'), (900002, 2, $1, $5, $6, $7, 'isrc')`,
        [tenant, song.track, song.release, song.artist, other.track, other.release, other.artist],
      );
      await client.query(
        `insert into "analytics"."stream_row" ("tenant_id", "load_number", "store", "match_number", "day", "isrc", "title", "artist_name", "territory", "streams")
         values ($1, 900001, 'Tunes', 1, '2026-06-01', 'ZZX002600011', 'Song', 'Nova', 'GB', 5),
                ($1, 900001, 'Tunes', 2, '2026-06-01', 'ZZX002600011', 'Song', 'Nova', 'US', 7),
                ($1, 900001, 'Tunes', 3, '2026-06-01', 'ZZX002600021', 'Other', 'Nova', 'GB', 4),
                ($1, 900001, 'Tunes', 3, '2026-06-01', 'ZZX002600021', 'Other', 'Nova', 'DE', 6),
                ($1, 900002, 'Tunes', 1, '2026-06-02', 'ZZX002600011', 'Song', 'Nova', 'GB', 5),
                ($1, 900002, 'Tunes', 1, '2026-06-02', 'ZZX002600011', 'Song', 'Nova', 'US', 7),
                ($1, 900002, 'Tunes', 2, '2026-06-02', 'ZZX002600021', 'Other', 'Nova', 'GB', 4),
                ($1, 900002, 'Tunes', 2, '2026-06-02', 'ZZX002600021', 'Other', 'Nova', 'DE', 6)`,
        [tenant],
      );
      const fileRows = (loadNumber: number) => `(select * from "analytics"."stream_row" where "tenant_id" = '${tenant}' and "load_number" = ${loadNumber})`;
      const rebuild = (day: string, loadNumber: number, fileRecordingDaysAtMost: number) =>
        rebuildDayRollups(client, tenant, { busyDays: [], freshDays: [day], fileRows: fileRows(loadNumber), loadNumber, fileLines: 4, fileRecordingDaysAtMost });

      await rebuild('2026-06-01', 900001, 4);
      expect(await rollupOf('2026-06-01')).toEqual(expected);
      // Lines that may each be a recording-day of their own are grouped by sorting; the setting is the load's again after.
      await rebuild('2026-06-02', 900002, 4);
      expect(await rollupOf('2026-06-02')).toEqual(expected);
      expect((await client.query<{ enable_hashagg: string }>('show enable_hashagg')).rows[0]!.enable_hashagg).toBe('on');
      await rebuild('2026-06-02', 900002, 2);
      expect(await rollupOf('2026-06-02')).toEqual(expected);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});
