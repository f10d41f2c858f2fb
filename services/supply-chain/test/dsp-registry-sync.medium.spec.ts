import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import pg from 'pg';
import { pino } from 'pino';
import { DSP_REGISTRY, type DspRegistryEntry } from '../src/app/dsps/registry/dsp-registry.ts';
import { syncDspRegistry, type VersionedRegistry } from '../src/app/dsps/registry/registry-sync.ts';
import { SUPPLY_CHAIN_ENTITIES, SUPPLY_CHAIN_MIGRATIONS, SUPPLY_CHAIN_SCHEMA } from '../src/db/index.ts';

/*
 * The start-up copy of the registry into supply_chain.dsp, against a real database: written when
 * the stored version is older, left alone otherwise, rows never deleted, replicas never racing.
 * The steps build on each other (one database for the file).
 */

let db: TestDatabase;
let orm: MikroORM;
let sql: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase('sc');
  orm = await openDatabase({
    url: db.url,
    schema: SUPPLY_CHAIN_SCHEMA,
    entities: SUPPLY_CHAIN_ENTITIES,
    migrations: SUPPLY_CHAIN_MIGRATIONS,
    logger: pino({ level: 'silent' }),
  });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await orm?.close(true);
  await db?.drop();
});

/** The registry's rows: the spec's 55 active destinations and the 2 retired ones (google_play_music, resso). */
const REGISTERED_DESTINATIONS = '57';

const sync = (registry: VersionedRegistry) => syncDspRegistry(orm.em.fork(), registry);

const storedVersion = async (): Promise<number | undefined> =>
  (await sql.query<{ version: number }>(`select "version" from "supply_chain"."registry_version" where "registry" = 'dsp'`)).rows[0]?.version;

const row = async (slug: string) =>
  (await sql.query(`select * from "supply_chain"."dsp" where "slug" = $1`, [slug])).rows[0] as Record<string, unknown> | undefined;

const counts = async () =>
  (
    await sql.query<{ total: string; active: string }>(
      `select count(*) as "total", count(*) filter (where "is_active") as "active" from "supply_chain"."dsp"`,
    )
  ).rows[0];

/** The registry with `edit` applied to one entry. */
const editing = (slug: string, edit: Partial<DspRegistryEntry>, entries = DSP_REGISTRY): DspRegistryEntry[] =>
  entries.map((entry) => (entry.slug === slug ? { ...entry, ...edit } : entry));

describe('DSP registry sync', () => {
  it('fills a fresh database with every entry and stores the version', async () => {
    expect(await sync({ version: 1, entries: DSP_REGISTRY })).toEqual({ applied: true, previousVersion: null, version: 1 });
    expect(await storedVersion()).toBe(1);
    expect(await counts()).toEqual({ total: REGISTERED_DESTINATIONS, active: '55' });
    expect(await row('spotify')).toMatchObject({
      id: 1,
      name: 'Spotify',
      sort_name: 'spotify',
      delivery_method: 'sftp',
      ern_version: '4.3',
      certification_level: 'ddex_certified',
      logo_path: null,
      website_url: 'https://www.spotify.com',
      delivery_type: 'audio',
      is_active: true,
      ddex_party_id: 'PADPIDASV000000001',
      default_monetization_policy_codes: ['subscription_streaming', 'ad_supported_streaming'],
      default_pricing_tier_code: 'front_line',
    });
    expect(await row('itunes')).toMatchObject({ default_monetization_policy_codes: ['permanent_download'] });
    expect(await row('resso')).toMatchObject({ id: 57, is_active: false });
  });

  it('does nothing when the stored version is current, even if the data differs', async () => {
    await sql.query(`update "supply_chain"."dsp" set "name" = 'Hand edited' where "slug" = 'deezer'`);
    const renamed = editing('deezer', { name: 'Deezer Renamed' });
    expect(await sync({ version: 1, entries: renamed })).toEqual({ applied: false, previousVersion: 1, version: 1 });
    expect((await row('deezer'))?.name).toBe('Hand edited');
  });

  it('applies a newer version: updates by dsp_id, retires what the data retires or leaves out, deletes nothing', async () => {
    const spotifyBefore = await row('spotify');
    const withoutHdtracks = editing(
      'tidal',
      { is_active: false },
      editing('deezer', { ern_version: '4.2', ddex_party_id: 'PADPIDA2026112401D', default_monetization_policy_codes: ['subscription_streaming'] }),
    ).filter((entry) => entry.slug !== 'hdtracks');
    expect(await sync({ version: 2, entries: withoutHdtracks })).toEqual({ applied: true, previousVersion: 1, version: 2 });
    expect(await storedVersion()).toBe(2);
    expect(await row('deezer')).toMatchObject({
      id: 7,
      name: 'Deezer',
      ern_version: '4.2',
      is_active: true,
      ddex_party_id: 'PADPIDA2026112401D',
      default_monetization_policy_codes: ['subscription_streaming'],
    });
    expect(await row('tidal')).toMatchObject({ id: 8, is_active: false });
    expect(await row('hdtracks')).toMatchObject({ id: 55, name: 'HDtracks', is_active: false });
    expect(await counts()).toEqual({ total: REGISTERED_DESTINATIONS, active: '53' });
    // An unchanged entry is not rewritten.
    expect(await row('spotify')).toEqual(spotifyBefore);
  });

  it('never lets an older registry (a previous release still running) overwrite a newer one', async () => {
    expect(await sync({ version: 1, entries: DSP_REGISTRY })).toEqual({ applied: false, previousVersion: 2, version: 1 });
    expect(await row('tidal')).toMatchObject({ is_active: false });
    expect(await storedVersion()).toBe(2);
  });

  it('lets exactly one of several replicas starting together apply a new version', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => sync({ version: 3, entries: DSP_REGISTRY })));
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(results.filter((result) => !result.applied).every((result) => result.previousVersion === 3)).toBe(true);
    expect(await storedVersion()).toBe(3);
    expect(await counts()).toEqual({ total: REGISTERED_DESTINATIONS, active: '55' });
    expect(await row('tidal')).toMatchObject({ is_active: true });
  });
});
