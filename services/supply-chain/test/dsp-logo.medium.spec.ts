import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import { pino } from 'pino';
import { presentDsp } from '../src/app/dsps/dsp.presenter.ts';
import { DSP_REGISTRY, REGISTRY_VERSION } from '../src/app/dsps/registry/dsp-registry.ts';
import { syncDspRegistry } from '../src/app/dsps/registry/registry-sync.ts';
import { Dsp } from '../src/db/entities/dsp.entity.ts';
import { SUPPLY_CHAIN_ENTITIES, SUPPLY_CHAIN_MIGRATIONS, SUPPLY_CHAIN_SCHEMA } from '../src/db/index.ts';

/*
 * A store's logo_url points at a logo only when the deployment has published one; otherwise it is
 * null, never a CDN address that answers 404. The steps build on each other (one database).
 */

const CDN = 'https://cdn.example.test';

let db: TestDatabase;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase('sc');
  orm = await openDatabase({
    url: db.url,
    schema: SUPPLY_CHAIN_SCHEMA,
    entities: SUPPLY_CHAIN_ENTITIES,
    migrations: SUPPLY_CHAIN_MIGRATIONS,
    logger: pino({ level: 'silent' }),
  });
}, 120_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

const logoUrls = async (): Promise<Record<string, string | null>> => {
  const dsps = await orm.em.fork().find(Dsp, {}, { orderBy: { id: 'asc' } });
  return Object.fromEntries(dsps.map((dsp) => [dsp.slug, presentDsp(dsp, CDN).logo_url]));
};

describe('DSP logos', () => {
  it('clears the logo paths an earlier registry wrote for every store, none of them published', async () => {
    // The earlier registry gave every store dsps/<slug>.png whether or not the file existed.
    const unpublished = DSP_REGISTRY.map((entry) => ({ ...entry, logo_path: `dsps/${entry.slug}.png` }));
    await syncDspRegistry(orm.em.fork(), { version: REGISTRY_VERSION - 1, entries: unpublished });
    expect((await logoUrls()).spotify).toBe(`${CDN}/dsps/spotify.png`);

    await syncDspRegistry(orm.em.fork(), { version: REGISTRY_VERSION, entries: DSP_REGISTRY });
    const urls = await logoUrls();
    expect(Object.keys(urls)).toHaveLength(DSP_REGISTRY.length);
    expect(Object.entries(urls).filter(([, url]) => url !== null)).toEqual([]);
  });

  it('answers the CDN address of a logo the registry lists as published', async () => {
    const published = DSP_REGISTRY.map((entry) => (entry.slug === 'deezer' ? { ...entry, logo_path: 'dsps/deezer.svg' } : entry));
    await syncDspRegistry(orm.em.fork(), { version: REGISTRY_VERSION + 1, entries: published });
    const urls = await logoUrls();
    expect(urls.deezer).toBe(`${CDN}/dsps/deezer.svg`);
    expect(urls.spotify).toBeNull();
  });
});
