import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import { findOrCreateArtistByName } from '../src/app/releases/artist-by-name.ts';
import { Artist } from '../src/db/entities/artist.entity.ts';
import { CATALOGUE_ENTITIES, CATALOGUE_MIGRATIONS, CATALOGUE_SCHEMA } from '../src/db/index.ts';

/*
 * Imports (the items of one CSV or DDEX job run side by side) that name one new artist at once
 * on a real catalogue schema: one artist is made, and every import gets it.
 */

let db: TestDatabase;
let orm: MikroORM;

beforeAll(async () => {
  db = await createTestDatabase('svbyname');
  orm = await openDatabase({
    url: db.url,
    schema: CATALOGUE_SCHEMA,
    entities: CATALOGUE_ENTITIES,
    migrations: CATALOGUE_MIGRATIONS,
    logger: createLogger({ service: 'catalogue', env: 'production', level: 'silent', pretty: false }),
  });
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

it('makes one artist for imports that name the same new artist at once, and hands it to each', async () => {
  for (let round = 0; round < 5; round++) {
    const tenantId = randomUUID();
    const found = await Promise.all(Array.from({ length: 8 }, (_, index) => findOrCreateArtistByName(orm.em.fork(), tenantId, index % 2 ? 'The Newcomer' : ' the newcomer ')));
    expect(new Set(found.map((artist) => artist.id)).size).toBe(1);
    const stored = await orm.em.fork().find(Artist, { tenantId });
    expect(stored.map((artist) => artist.slug)).toEqual(['the-newcomer']);
  }
});

it('takes the next free slug when another artist holds the name’s slug', async () => {
  const tenantId = randomUUID();
  const first = await findOrCreateArtistByName(orm.em.fork(), tenantId, 'Nova');
  const second = await findOrCreateArtistByName(orm.em.fork(), tenantId, 'NOVA!');
  expect(second.id).not.toBe(first.id);
  expect([first.slug, second.slug]).toEqual(['nova', 'nova-2']);
});
