import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import type { CataloguePort } from '../src/app/catalogue-port.ts';
import { loadDropFolder } from '../src/app/streaming/drop-folder.ts';
import { ANALYTICS_ENTITIES, ANALYTICS_MIGRATIONS, ANALYTICS_SCHEMA } from '../src/db/index.ts';
import { csvStreams } from './support/report-fixtures.ts';

/*
 * One pass over the drop folder on a real analytics schema: a file whose load fails for a reason
 * not its own (the catalogue away) stays for the next pass, a file with NUL or of a DSR profile
 * not read goes to failed/ with its reason, and neither holds up the good file after them.
 */

let db: TestDatabase;
let orm: MikroORM;
let dir: string;
const tenantId = randomUUID();

const logger = createLogger({ service: 'analytics', env: 'production', level: 'silent', pretty: false });

/** A catalogue that is away for its first `misses` questions, then knows no recording. */
const catalogueAwayFor = (misses: number): CataloguePort => {
  let asked = 0;
  const away = () => Promise.reject(new Error('catalogue did not answer'));
  return {
    describeReleases: away,
    artistName: away,
    counts: away,
    deliveredReleases: away,
    matchRecordings: async () => {
      asked += 1;
      if (asked <= misses) throw new Error('catalogue did not answer');
      return { tracks: [], releases: [] };
    },
  };
};

const line = (store: string, title: string) => ({ date: '2027-01-05', store, territory: 'GB', isrc: 'ZZX002600001', title, artist: 'Nova', streams: 3 });

beforeAll(async () => {
  db = await createTestDatabase('svdrop');
  orm = await openDatabase({
    url: db.url,
    schema: ANALYTICS_SCHEMA,
    entities: ANALYTICS_ENTITIES,
    migrations: ANALYTICS_MIGRATIONS,
    logger,
  });
  dir = await mkdtemp(join(tmpdir(), 'sv-drop-medium-'));
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a drop-folder pass', () => {
  it('leaves a file the catalogue could not match, fails the NUL file, and still loads the good one', async () => {
    const folder = join(dir, tenantId);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'a-catalogue-away.csv'), csvStreams([line('AwayStore', 'Fine')]));
    await writeFile(join(folder, 'b-nul.csv'), csvStreams([line('NulStore', 'Bad\u0000title')]));
    await writeFile(join(folder, 'c-good.csv'), csvStreams([line('GoodStore', 'Fine')]));

    const run = await loadDropFolder({ orm, catalogue: catalogueAwayFor(1), logger }, dir);

    expect(run).toEqual({ loaded: 1, failed: 1, retried: 1 });
    expect(existsSync(join(folder, 'a-catalogue-away.csv'))).toBe(true);
    expect(existsSync(join(folder, 'failed', 'b-nul.csv'))).toBe(true);
    expect(await readFile(join(folder, 'failed', 'b-nul.csv.error.txt'), 'utf8')).toContain('line 2, column 6: contains a NUL character');
    expect(existsSync(join(folder, 'loaded', 'c-good.csv'))).toBe(true);
    const stores = await orm.em.execute<{ store: string }[]>(`select "store" from "analytics"."report_file" where "tenant_id" = ? order by "store"`, [tenantId]);
    expect(stores.map((row) => row.store)).toEqual(['GoodStore']);

    // The next pass, with the catalogue back, loads the file left behind.
    expect(await loadDropFolder({ orm, catalogue: catalogueAwayFor(0), logger }, dir)).toEqual({ loaded: 1, failed: 0, retried: 0 });
    expect(existsSync(join(folder, 'loaded', 'a-catalogue-away.csv'))).toBe(true);
  }, 60_000);

  it('fails a DSR of a profile it does not read, the reason naming the profile and the record types found', async () => {
    const folder = join(dir, tenantId);
    const radio = [
      'HEAD\tdsrf/1.1.2/1.6/1.0\tRadioBroadcastProfile\t1.0\tMSG-RADIO-1\t2027-01-06T00:00:00Z\t1\t1\t2027-01-05\t2027-01-05\tPADPIDA2026RADIOX\tRadiohouse',
      'SY07\tS1\tMorning show\tGB',
      'BR01\tB1\tZZX002600001\t12',
      'FOOT\t4\t4\t1\t1\t1',
    ].join('\n');
    await writeFile(join(folder, 'd-radio.tsv'), `${radio}\n`);

    expect(await loadDropFolder({ orm, catalogue: catalogueAwayFor(0), logger }, dir)).toEqual({ loaded: 0, failed: 1, retried: 0 });
    expect(existsSync(join(folder, 'failed', 'd-radio.tsv'))).toBe(true);
    const reason = await readFile(join(folder, 'failed', 'd-radio.tsv.error.txt'), 'utf8');
    expect(reason).toContain('line 1, column Profile: the profile "RadioBroadcastProfile" version "1.0" is not one this reader knows');
    expect(reason).toContain('the file holds HEAD 1, SY07 1, BR01 1, FOOT 1');
    const stores = await orm.em.execute<{ store: string }[]>(`select "store" from "analytics"."report_file" where "tenant_id" = ?`, [tenantId]);
    expect(stores.map((row) => row.store)).not.toContain('Radiohouse');
  }, 60_000);
});
