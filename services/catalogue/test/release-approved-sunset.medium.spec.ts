import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import { fixedClock } from '../src/app/releases/release-approved-sunset.ts';
import { transitionRelease } from '../src/app/releases/release-transitions.ts';
import { Release } from '../src/db/entities/release.entity.ts';
import { CATALOGUE_ENTITIES, CATALOGUE_MIGRATIONS, CATALOGUE_SCHEMA } from '../src/db/index.ts';

/*
 * QC pass on a real catalogue schema with the clock set either side of release.approved's
 * sunset (2026-12-14T00:00:00Z): release.approved fires only before it, release.delivered once
 * either way.
 */

let db: TestDatabase;
let orm: MikroORM;
const tenantId = randomUUID();
const delivery = { tenant_id: tenantId, role: 'super_admin' as const, roster: false, artist_id: null };

beforeAll(async () => {
  db = await createTestDatabase('svsun');
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

/** A release waiting for the QC result, as approve leaves it. */
const inspectedRelease = async (): Promise<string> => {
  const em = orm.em.fork();
  const now = new Date('2026-12-01T00:00:00Z');
  const release = em.create(Release, {
    id: randomUUID(),
    tenantId,
    artistId: null,
    title: 'Sunset',
    type: 'single',
    status: 'qc_inspection',
    upc: String(Math.floor(Math.random() * 1e12)).padStart(12, '0'),
    releaseDate: '2026-12-20',
    genre: 'Pop',
    copyrightYear: 2026,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return release.id;
};

const eventTypesOf = async (releaseId: string): Promise<string[]> => {
  const rows = await orm.em
    .fork()
    .getConnection()
    .execute<{ type: string }[]>(`select "type" from "catalogue"."outbox_event" where "envelope"->'data'->>'release_id' = ? order by "created_at"`, [releaseId]);
  return rows.map((row) => row.type);
};

describe('release.approved sunset with a set clock', () => {
  it('fires release.approved and release.delivered at 2026-12-13T23:59:59Z', async () => {
    const id = await inspectedRelease();
    await transitionRelease(orm.em.fork(), delivery, id, 'qc_pass', {}, fixedClock('2026-12-13T23:59:59Z'));
    expect((await eventTypesOf(id)).sort()).toEqual(['release.approved', 'release.delivered']);
  });

  it('fires only release.delivered at 2026-12-14T00:00:00Z', async () => {
    const id = await inspectedRelease();
    const release = await transitionRelease(orm.em.fork(), delivery, id, 'qc_pass', {}, fixedClock('2026-12-14T00:00:00Z'));
    expect(release.status).toBe('approved');
    expect(release.deliveredAt).toEqual(new Date('2026-12-14T00:00:00Z'));
    expect(await eventTypesOf(id)).toEqual(['release.delivered']);
  });
});
