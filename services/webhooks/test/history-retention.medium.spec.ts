import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, type TestDatabase } from '@sv/testing';
import { pruneDeliveryHistory } from '../src/app/delivery/history-retention.ts';
import { WEBHOOKS_ENTITIES, WEBHOOKS_MIGRATIONS, WEBHOOKS_SCHEMA } from '../src/db/index.ts';

/*
 * Retention on a real webhooks schema: finished deliveries and their attempts older than the
 * cut-off go; younger ones and pending deliveries (whatever their age) stay.
 */

let db: TestDatabase;
let orm: MikroORM;
const tenantId = randomUUID();
const subscriptionId = randomUUID();
const DAY = 24 * 3_600_000;
const now = Date.now();

beforeAll(async () => {
  db = await createTestDatabase('svret');
  orm = await openDatabase({
    url: db.url,
    schema: WEBHOOKS_SCHEMA,
    entities: WEBHOOKS_ENTITIES,
    migrations: WEBHOOKS_MIGRATIONS,
    logger: createLogger({ service: 'webhooks', env: 'production', level: 'silent', pretty: false }),
  });
  await orm.em.execute(
    `insert into "webhooks"."webhook" ("id", "tenant_id", "name", "url", "events", "is_active", "secret_sealed", "secret_prefix", "created_at", "updated_at")
      values (?, ?, 'kept', 'https://hooks.example.com', '["release.*"]', true, 'sealed', 'svwhsec_abcd', now(), now())`,
    [subscriptionId, tenantId],
  );
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

/** A delivery in `status`, last touched `ageDays` ago, with `attempts` logged at that time. */
const delivery = async (status: 'pending' | 'delivered' | 'failed', ageDays: number, attempts: number): Promise<string> => {
  const id = randomUUID();
  const at = new Date(now - ageDays * DAY);
  await orm.em.execute(
    `insert into "webhooks"."delivery" ("id", "tenant_id", "subscription_id", "event_id", "event_type", "occurred_at", "payload", "status", "attempts", "created_at", "updated_at")
      values (?, ?, ?, ?, 'release.rejected', ?, '{}', ?, ?, ?, ?)`,
    [id, tenantId, subscriptionId, randomUUID(), at, status, attempts, at, at],
  );
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await orm.em.execute(
      `insert into "webhooks"."delivery_attempt" ("id", "tenant_id", "subscription_id", "delivery_id", "event_id", "event_type", "attempt", "status_code", "duration_ms", "created_at")
        values (?, ?, ?, ?, ?, 'release.rejected', ?, 500, 5, ?)`,
      [randomUUID(), tenantId, subscriptionId, id, randomUUID(), attempt, at],
    );
  }
  return id;
};

const remaining = async (table: 'delivery' | 'delivery_attempt', column: 'id' | 'delivery_id', ids: string[]): Promise<string[]> =>
  (await orm.em.execute<{ id: string }[]>(`select "${column}" as "id" from "webhooks"."${table}" where "${column}" in (?)`, [ids])).map((row) => row.id);

it('drops finished history past the cut-off and keeps the rest', async () => {
  const oldDelivered = await delivery('delivered', 40, 1);
  const oldFailed = await delivery('failed', 40, 3);
  const youngDelivered = await delivery('delivered', 5, 2);
  const oldPending = await delivery('pending', 40, 2);

  const pruned = await pruneDeliveryHistory(orm.em.fork(), new Date(now - 30 * DAY));
  expect(pruned).toEqual({ attempts: 4, deliveries: 2 });

  const all = [oldDelivered, oldFailed, youngDelivered, oldPending];
  expect((await remaining('delivery', 'id', all)).sort()).toEqual([youngDelivered, oldPending].sort());
  const attemptsLeft = await remaining('delivery_attempt', 'delivery_id', all);
  expect(attemptsLeft.filter((id) => id === youngDelivered)).toHaveLength(2);
  expect(attemptsLeft.filter((id) => id === oldPending)).toHaveLength(2);

  // Nothing left to prune: a second pass changes nothing.
  expect(await pruneDeliveryHistory(orm.em.fork(), new Date(now - 30 * DAY))).toEqual({ attempts: 0, deliveries: 0 });
});
