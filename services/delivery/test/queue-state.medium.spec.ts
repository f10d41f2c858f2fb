import { createHash, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { putBuffer } from '@sv/platform';
import { cancelWaitingDeliveries, queueDeliveries } from '../src/app/queue/enqueue.ts';
import { claimDueDeliveries } from '../src/app/queue/claim.ts';
import { fileDigests } from '../src/app/queue/file-digests.ts';
import { openDeliverySchema, type DeliverySchema } from './support/delivery-schema.ts';

/* The queue's state on a real delivery schema: queueing, claims, file digests. */

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

  it('leases a due delivery to one claimer at a time, and again once its lease has run out', async () => {
    const releaseId = randomUUID();
    const [queued] = await queueDeliveries(orm.em.fork(), [{ tenantId, releaseId, dsp: { ...spotify, slug: 'deezer', name: 'Deezer' }, kind: 'new', reason: 'qc_pass' }]);
    const [a, b] = await Promise.all([claimDueDeliveries(orm.em.fork(), 10, 60_000), claimDueDeliveries(orm.em.fork(), 10, 60_000)]);
    const claims = [...(a ?? []), ...(b ?? [])].filter((claim) => claim.id === queued?.id);
    expect(claims).toHaveLength(1);
    expect(claims[0]?.attempt).toBe(1);
    expect((await claimDueDeliveries(orm.em.fork(), 10, 60_000)).some((claim) => claim.id === queued?.id)).toBe(false);
    // The replica holding it died: once the lease ends, another takes it up for the next attempt.
    await orm.em.fork().execute(`update "delivery"."delivery" set "claimed_until" = now() - interval '1 second' where "id" = ?`, [queued?.id]);
    const retaken = (await claimDueDeliveries(orm.em.fork(), 10, 60_000)).find((claim) => claim.id === queued?.id);
    expect(retaken?.attempt).toBe(2);
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
