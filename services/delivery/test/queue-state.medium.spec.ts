import { createHash, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { WorkTable, putBuffer } from '@sv/platform';
import { DELIVERY_QUEUE } from '../src/app/queue/delivery-queue.ts';
import { cancelWaitingDeliveries, queueDeliveries } from '../src/app/queue/enqueue.ts';
import { fileDigests } from '../src/app/queue/file-digests.ts';
import { openDeliverySchema, type DeliverySchema } from './support/delivery-schema.ts';

/* The queue's state on a real delivery schema: queueing, claims over the delivery table, file digests. */

let schema: DeliverySchema;
let orm: MikroORM;
const tenantId = randomUUID();
const spotify = { dsp_id: 1, slug: 'spotify', name: 'Spotify' };

beforeAll(async () => {
  schema = await openDeliverySchema('svdq');
  orm = schema.orm;
}, 60_000);

afterAll(() => schema?.close());

describe('delivery queue state', () => {
  it('queues one waiting delivery per store and kind, and a takedown cancels the waiting ones', async () => {
    const releaseId = randomUUID();
    const em = orm.em.fork();
    const [first] = await queueDeliveries(em, [{ tenantId, releaseId, dsp: spotify, kind: 'new', reason: 'qc_pass' }]);
    const [again] = await queueDeliveries(em, [{ tenantId, releaseId, dsp: spotify, kind: 'new', reason: 'deliver' }]);
    expect(again?.id).toBe(first?.id);
    await cancelWaitingDeliveries(em, tenantId, releaseId, 'spotify');
    await queueDeliveries(em, [{ tenantId, releaseId, dsp: spotify, kind: 'takedown', reason: 'purge' }]);
    const rows = await em.execute<{ kind: string; state: string }[]>(
      `select "kind", "state" from "delivery"."delivery" where "release_id" = ? order by "created_at"`,
      [releaseId],
    );
    expect(rows).toEqual([
      { kind: 'new', state: 'cancelled' },
      { kind: 'takedown', state: 'queued' },
    ]);
  });

  it('claims a due delivery for one claimer at a time as sending, and again once its lease has run out', async () => {
    const releaseId = randomUUID();
    const table = new WorkTable(DELIVERY_QUEUE);
    const claim = () => table.claim(orm.em.fork(), 10, 60_000);
    const [queued] = await queueDeliveries(orm.em.fork(), [{ tenantId, releaseId, dsp: { ...spotify, slug: 'deezer', name: 'Deezer' }, kind: 'new', reason: 'qc_pass' }]);
    const [a, b] = await Promise.all([claim(), claim()]);
    const claims = [...a, ...b].filter((item) => item.id === queued?.id);
    expect(claims).toHaveLength(1);
    expect(claims[0]?.attempt).toBe(1);
    const state = async () =>
      (await orm.em.fork().execute<{ state: string; attempts: number }[]>(`select "state", "attempts" from "delivery"."delivery" where "id" = ?`, [queued?.id]))[0];
    expect(await state()).toEqual({ state: 'sending', attempts: 1 });
    expect((await claim()).some((item) => item.id === queued?.id)).toBe(false);
    // The replica holding it died: once the lease ends, another takes it up for the next attempt.
    await orm.em.fork().execute(`update "delivery"."delivery" set "claimed_until" = now() - interval '1 second' where "id" = ?`, [queued?.id]);
    expect((await claim()).find((item) => item.id === queued?.id)?.attempt).toBe(2);
    // A delivery that is no longer waiting (cancelled, sent, failed) is never claimed.
    await orm.em.fork().execute(`update "delivery"."delivery" set "state" = 'cancelled', "claimed_until" = null where "id" = ?`, [queued?.id]);
    expect((await claim()).some((item) => item.id === queued?.id)).toBe(false);
  });

  it('reads a stored file through MD5 once, then answers from what it remembered', async () => {
    const store = schema.blobs;
    const bytes = Buffer.from('a stored master, byte for byte'.repeat(1000));
    const stored = await putBuffer(store, bytes, { tenantId, extension: '.wav', contentType: 'audio/wav' });
    const digests = fileDigests(orm.em.fork(), store);
    const expected = { md5: createHash('md5').update(bytes).digest('hex'), size: bytes.length };
    expect(await digests.of(stored.key)).toEqual(expected);
    await store.remove(stored.key);
    expect(await fileDigests(orm.em.fork(), store).of(stored.key)).toEqual(expected);
  });
});
