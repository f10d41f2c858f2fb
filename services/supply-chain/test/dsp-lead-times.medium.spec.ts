import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import { pino } from 'pino';
import { DSP_REGISTRY, REGISTRY_VERSION } from '../src/app/dsps/registry/dsp-registry.ts';
import { syncDspRegistry } from '../src/app/dsps/registry/registry-sync.ts';
import { Dsp } from '../src/db/entities/dsp.entity.ts';
import { SUPPLY_CHAIN_ENTITIES, SUPPLY_CHAIN_MIGRATIONS, SUPPLY_CHAIN_SCHEMA } from '../src/db/index.ts';

/*
 * A registry version bump carries each store's lead times into a database synced before: rows
 * written by an older registry take the new figures. The steps build on each other (one database).
 */

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

const leadTimes = async (): Promise<Record<string, [number, number, string]>> => {
  const dsps = await orm.em.fork().find(Dsp, {}, { orderBy: { id: 'asc' } });
  return Object.fromEntries(dsps.map((dsp) => [dsp.slug, [dsp.leadTimeNewReleaseDays, dsp.leadTimeUpdateDays, dsp.leadTimeSource]]));
};

describe('DSP lead times', () => {
  it('replaces the figures an older registry wrote once the version is raised', async () => {
    // As an older registry left them: every store on one figure.
    const older = DSP_REGISTRY.map((entry) => ({ ...entry, lead_time_days: { new_release: 1, update: 1 }, lead_time_source: 'default' as const }));
    await syncDspRegistry(orm.em.fork(), { version: REGISTRY_VERSION - 1, entries: older });
    expect((await leadTimes()).spotify).toEqual([1, 1, 'default']);

    const applied = await syncDspRegistry(orm.em.fork(), { version: REGISTRY_VERSION, entries: DSP_REGISTRY });
    expect(applied.applied).toBe(true);
    const stored = await leadTimes();
    expect(stored.spotify).toEqual([5, 2, 'published']);
    expect(stored.deezer).toEqual([7, 2, 'default']);
    expect(Object.keys(stored)).toHaveLength(DSP_REGISTRY.length);
  });

  it('keeps the newer figures when an older registry starts again (a rolling update)', async () => {
    const older = DSP_REGISTRY.map((entry) => ({ ...entry, lead_time_days: { new_release: 1, update: 1 } }));
    expect((await syncDspRegistry(orm.em.fork(), { version: REGISTRY_VERSION - 1, entries: older })).applied).toBe(false);
    expect((await leadTimes()).spotify).toEqual([5, 2, 'published']);
  });
});
