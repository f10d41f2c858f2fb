import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '@sv/platform';
import { queueDeliveries, type DeliveryRequest } from '../src/app/queue/enqueue.ts';
import { DELIVERY_ENTITIES, DELIVERY_MIGRATIONS, DELIVERY_SCHEMA } from '../src/db/index.ts';
import { openDeliverySchema, silentLogger, type DeliverySchema } from './support/delivery-schema.ts';

/*
 * Batch ids name the store's batch folders: two deliveries to one store with the same id would
 * upload into one folder (and one BatchComplete). Many deliveries queued in one millisecond, by
 * one replica and by two at once, each get their own.
 */

let schema: DeliverySchema;
let replica: MikroORM;
const tenantId = randomUUID();
const deezer = { dsp_id: 7, slug: 'deezer', name: 'Deezer' };

/** `count` new-release deliveries to one store, each of its own release (so none is folded into another). */
const requests = (count: number): DeliveryRequest[] =>
  Array.from({ length: count }, () => ({ tenantId, releaseId: randomUUID(), dsp: deezer, kind: 'new' as const, reason: 'test' }));

const batchIds = async (): Promise<string[]> =>
  (await schema.orm.em.fork().execute<{ batch_id: string }[]>(`select "batch_id" from "delivery"."delivery" where "tenant_id" = ?`, [tenantId])).map(
    (row) => row.batch_id,
  );

beforeAll(async () => {
  schema = await openDeliverySchema('svdbatch');
  replica = await openDatabase({ url: schema.url, schema: DELIVERY_SCHEMA, entities: DELIVERY_ENTITIES, migrations: DELIVERY_MIGRATIONS, logger: silentLogger });
}, 60_000);

afterAll(async () => {
  await replica?.close(true);
  await schema?.close();
});

describe('batch ids', () => {
  it('are DDEX-shaped and never shared, though hundreds are queued in the same millisecond by two replicas at once', async () => {
    // One call queues all of its deliveries with one moment: 300 of them from each replica, side by side.
    await Promise.all([
      schema.orm.em.fork().transactional((tx) => queueDeliveries(tx, requests(300))),
      replica.em.fork().transactional((tx) => queueDeliveries(tx, requests(300))),
    ]);
    const ids = await batchIds();
    expect(ids).toHaveLength(600);
    for (const id of ids) expect(id).toMatch(/^\d{20}$/);
    // Random digits would share one about every thousand pairs: 600 ids make some 180,000 pairs.
    expect(new Set(ids).size).toBe(600);
  });
});
