import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import { freshDayRollup } from '../src/app/streaming/fresh-day-rollup.ts';
import { loadReportFile } from '../src/app/streaming/report-load.ts';
import { STREAM_COUNTS, zeroCounts, type StreamRecord } from '../src/app/streaming/report-records.ts';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from '../src/db/index.ts';
import { csvStreams, type CsvStreamLine } from './support/report-fixtures.ts';

/*
 * The recording day rollup of the days a load alone fills is summed while the file is read; the
 * rollup of busy days is summed from the rows in SQL. Both must give the same rows: a load of
 * fresh days is checked against the SQL grouping of the rows it wrote, over lines matched by ISRC,
 * by UPC and not at all, titles that differ within a recording, several days and territories.
 */

const logger = createLogger({ service: 'analytics', env: 'production', level: 'silent', pretty: false });
let db: TestDatabase;
let orm: MikroORM;
const track = { id: randomUUID(), release: randomUUID(), artist: randomUUID() };
const release = { id: randomUUID(), artist: randomUUID() };

/** A catalogue that knows one track by ISRC and one release by UPC. */
const catalogue: Pick<CataloguePort, 'matchRecordings'> = {
  matchRecordings: async (_principal, query) => ({
    tracks: query.isrcs.includes('ZZFRS2600001') ? [{ isrc: 'ZZFRS2600001', track_id: track.id, release_id: track.release, artist_id: track.artist, title: 'A', release_title: 'A' }] : [],
    releases: query.upcs.includes('0123456789012') ? [{ upc: '0123456789012', release_id: release.id, artist_id: release.artist, title: 'R' }] : [],
  }),
};

const columns = ['day', 'recording_key', 'isrc', 'upc', 'track_id', 'release_id', 'artist_id', 'matched_by', 'title', 'artist_name', ...STREAM_COUNTS, 'row_count'];
const select = columns.map((name) => `"${name}"::text`).join(', ');

beforeAll(async () => {
  db = await createTestDatabase('svfresh');
  orm = await openDatabase({ url: db.url, schema: ANALYTICS_SCHEMA, entities: ANALYTICS_ENTITIES, migrations: ANALYTICS_MIGRATIONS, logger });
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

describe('the fresh days rollup summed while reading', () => {
  it('equals the rollup summed from the rows written', async () => {
    const tenantId = randomUUID();
    const line = (date: string, territory: string, isrc: string | null, upc: string | null, title: string, streams: number, downloads = 0): CsvStreamLine => ({
      date,
      store: 'FreshStore',
      territory,
      ...(isrc ? { isrc } : {}),
      ...(upc ? { upc } : {}),
      title,
      artist: `Artist of ${title}`,
      streams,
      downloads,
      streams_premium: streams % 3,
      played_30s: streams % 5,
    });
    const text = csvStreams([
      line('2033-03-01', 'GB', 'ZZFRS2600001', null, 'Song', 10, 1),
      line('2033-03-01', 'US', 'ZZFRS2600001', '0123456789012', 'song', 7),
      line('2033-03-01', 'GB', null, '0123456789012', 'Album line', 4),
      line('2033-03-01', 'DE', null, '0123456789012', 'Album Line', 2, 3),
      line('2033-03-02', 'GB', 'ZZFRS2600001', null, 'Ångström', 5),
      line('2033-03-02', 'GB', 'ZZFRS2600099', null, 'Unknown', 8),
      line('2033-03-02', 'FR', 'ZZFRS2600099', '0999999999999', 'Unknown b', 1),
      line('2033-03-03', 'GB', null, '0999999999999', 'Nothing', 6),
    ]);
    const summary = await loadReportFile({ orm, catalogue: catalogue as CataloguePort }, tenantId, { fileName: 'fresh.csv', blobKey: null, open: async () => Readable.from([text]) });
    expect(summary.matched).toEqual({ isrc: 3, upc: 2, unmatched: 3 });

    const em = orm.em.fork();
    const kept = await em.execute(`select ${select} from "analytics"."stream_recording_day" where "tenant_id" = ? order by 1, 2, 5, 6, 7, 8`, [tenantId]);
    const fromRows = await em.execute(
      `select ${select} from (
         select r."day", coalesce(r."isrc", 'upc:' || r."upc") as "recording_key", max(r."isrc" collate "C") as "isrc", max(r."upc" collate "C") as "upc",
                r."track_id", r."release_id", r."artist_id", r."matched_by", max(r."title" collate "C") as "title", max(r."artist_name" collate "C") as "artist_name",
                ${STREAM_COUNTS.map((name) => `sum(r."${name}") as "${name}"`).join(', ')}, count(*) as "row_count"
           from "analytics"."stream_row" r where r."tenant_id" = ?
          group by r."day", coalesce(r."isrc", 'upc:' || r."upc"), r."track_id", r."release_id", r."artist_id", r."matched_by") g
       order by 1, 2, 5, 6, 7, 8`,
      [tenantId],
    );
    expect(kept).toEqual(fromRows);
    // Grouped, not copied line for line: on 2033-03-01 the track's two lines are one recording, the UPC-only lines another.
    expect(kept).toHaveLength(5);
    expect(kept[0]).toMatchObject({ day: '2033-03-01', recording_key: 'ZZFRS2600001', upc: '0123456789012', title: 'song', streams: '17', row_count: '2' });
  });

  it('gives up past its bound of groups, leaving the rollup to be summed from the rows', () => {
    const rollup = freshDayRollup(2);
    const record = (isrc: string): StreamRecord => ({ line: 1, day: '2033-04-01', store: null, isrc, upc: null, title: 'T', artistName: 'A', territory: 'GB', counts: { ...zeroCounts(), streams: 1 } });
    const unmatched = { trackId: null, releaseId: null, artistId: null, matchedBy: null };
    rollup.markFresh(['2033-04-01']);
    rollup.add(record('ZZFRS2600001'), unmatched);
    rollup.add(record('ZZFRS2600002'), unmatched);
    rollup.add(record('ZZFRS2600002'), unmatched);
    expect(rollup.complete).toBe(true);
    rollup.add(record('ZZFRS2600003'), unmatched);
    expect(rollup.complete).toBe(false);
  });
});
