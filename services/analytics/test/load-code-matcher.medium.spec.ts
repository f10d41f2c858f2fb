import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import { loadCodeMatcher } from '../src/app/streaming/load-code-matcher.ts';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from '../src/db/index.ts';

/*
 * A load's code matcher on a real analytics schema: codes analytics keeps are matched by its own
 * copy, only the others asked of the catalogue, each code once per load (matched or not), and a
 * matcher past its bound of remembered codes still ties every line of the batch it starts over in.
 */

const logger = createLogger({ service: 'analytics', env: 'production', level: 'silent', pretty: false });
let db: TestDatabase;
let orm: MikroORM;
const tenantId = randomUUID();
const kept = { track: randomUUID(), release: randomUUID(), artist: randomUUID() };
const late = { track: randomUUID(), release: randomUUID() };

/** A catalogue that knows one track analytics' copy has not caught up with, and notes every code it is asked. */
const catalogue = () => {
  const asked: string[] = [];
  const port: Pick<CataloguePort, 'matchRecordings'> = {
    matchRecordings: async (_principal, query) => {
      asked.push(...query.isrcs, ...query.upcs);
      return {
        tracks: query.isrcs.includes('ZZLATE000001') ? [{ isrc: 'ZZLATE000001', track_id: late.track, release_id: late.release, artist_id: null, title: 'Late', release_title: 'Late' }] : [],
        releases: [],
      };
    },
  };
  return { port: port as CataloguePort, asked };
};

beforeAll(async () => {
  db = await createTestDatabase('svmatch');
  orm = await openDatabase({ url: db.url, schema: ANALYTICS_SCHEMA, entities: ANALYTICS_ENTITIES, migrations: ANALYTICS_MIGRATIONS, logger });
  const em = orm.em.fork();
  await em.execute(
    `insert into "analytics"."recording_track_code" ("tenant_id", "track_id", "isrc", "release_id", "artist_id", "title", "release_title", "updated_at")
     values (?, ?, 'ZZKEPT000001', ?, ?, 'Kept', 'Kept', now())`,
    [tenantId, kept.track, kept.release, kept.artist],
  );
  await em.execute(
    `insert into "analytics"."recording_release_code" ("tenant_id", "release_id", "upc", "artist_id", "title", "updated_at") values (?, ?, '0123456789012', ?, 'Kept', now())`,
    [tenantId, kept.release, kept.artist],
  );
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

describe('a load code matcher', () => {
  it('ties a line to its track by ISRC, else to its release by UPC, asking the catalogue only what analytics does not keep, once', async () => {
    const { port, asked } = catalogue();
    const matcher = loadCodeMatcher({ orm, catalogue: port }, tenantId);
    await matcher.learn(['ZZKEPT000001', 'ZZLATE000001', 'ZZNONE000001'], ['0123456789012']);
    const byKept = matcher.match('ZZKEPT000001', null);
    const byLate = matcher.match('ZZLATE000001', '0123456789012');
    const byUpc = matcher.match('ZZNONE000001', '0123456789012');
    expect(byKept).toEqual({ trackId: kept.track, releaseId: kept.release, artistId: kept.artist, matchedBy: 'isrc', number: expect.any(Number) });
    expect(byLate).toEqual({ trackId: late.track, releaseId: late.release, artistId: null, matchedBy: 'isrc', number: expect.any(Number) });
    expect(byUpc).toEqual({ trackId: null, releaseId: kept.release, artistId: kept.artist, matchedBy: 'upc', number: expect.any(Number) });
    expect(matcher.match('ZZNONE000001', null)).toEqual({ trackId: null, releaseId: null, artistId: null, matchedBy: null, number: null });
    // Each match is numbered once in the load, and handed over once to be recorded.
    expect(new Set([byKept.number, byLate.number, byUpc.number])).toEqual(new Set([1, 2, 3]));
    expect(matcher.match('ZZKEPT000001', '0123456789012')).toBe(byKept);
    expect(matcher.newMatches()).toBe(3);
    expect(matcher.takeNewMatches().sort((a, b) => a.number - b.number)).toEqual([byKept, byLate, byUpc].sort((a, b) => a.number! - b.number!));
    expect(matcher.newMatches()).toBe(0);
    expect(asked.sort()).toEqual(['ZZLATE000001', 'ZZNONE000001']);

    // The same codes again, matched or not: nothing is asked twice, nor numbered again.
    await matcher.learn(['ZZKEPT000001', 'ZZLATE000001', 'ZZNONE000001'], ['0123456789012']);
    expect(asked).toHaveLength(2);
    expect(matcher.takeNewMatches()).toEqual([]);
  });

  it('past its bound starts over and still ties every line of the batch, known codes among them', async () => {
    const { port, asked } = catalogue();
    const matcher = loadCodeMatcher({ orm, catalogue: port }, tenantId, 3);
    await matcher.learn(['ZZKEPT000001', 'ZZNONE000001'], []);
    await matcher.learn(['ZZKEPT000001', 'ZZLATE000001', 'ZZNONE000002'], []);
    expect(matcher.match('ZZKEPT000001', null).matchedBy).toBe('isrc');
    expect(matcher.match('ZZLATE000001', null).trackId).toBe(late.track);
    expect(matcher.match('ZZNONE000002', null).matchedBy).toBeNull();
    // Forgotten with the rest when it started over, the first batch's unknown code is asked again when it comes back.
    await matcher.learn(['ZZNONE000001'], []);
    expect(asked.filter((code) => code === 'ZZNONE000001')).toHaveLength(2);
  });
});
