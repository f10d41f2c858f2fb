import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EffectiveStoreConfig, ReleaseSnapshot } from '@sv/contracts';
import { ERN_NAMESPACES } from '@sv/ddex';
import { eventually } from '@sv/testing';
import type { CataloguePort, SupplyChainPort, TenantPartyPort } from '../src/app/ports.ts';
import { startDeliveryQueue } from '../src/app/queue/delivery-queue.ts';
import { lazyErnValidators, type ErnValidators } from '../src/app/queue/ern-validators.ts';
import { queueDeliveries } from '../src/app/queue/enqueue.ts';
import type { SendDeps } from '../src/app/queue/send-delivery.ts';
import { openDirectorySession } from '../src/app/transports/directory-transport.ts';
import type { StoreSession } from '../src/app/transports/transport.ts';
import { openDeliverySchema, silentLogger, storedRelease, type DeliverySchema } from './support/delivery-schema.ts';
import { readErn } from './support/ern-reading.ts';
import { deezerStoreConfig } from './support/store-config.ts';

/*
 * Attempts at a delivery, run by the real delivery queue on a real delivery schema with real
 * stored files and a real directory store: what is sent, what is recorded, and what happens when
 * it cannot be sent. The catalogue, supply-chain and gateway answer as those services do (their
 * replies are the contracts' shapes), so each case can set exactly the release and config it needs.
 */

let schema: DeliverySchema;
let orm: MikroORM;
let dir: string;
let validators: ErnValidators;
const tenantId = randomUUID();
let release: ReleaseSnapshot;


/** What the other services answer this test: the release above and `config`, whatever asked. */
let config: EffectiveStoreConfig = deezerStoreConfig();
const catalogue: CataloguePort = { snapshot: async () => release, command: async () => 'done' };
const supplyChain: SupplyChainPort = { resolvedConfig: async () => [config], overrideStore: async () => { throw new Error('not used here'); } };
const parties: TenantPartyPort = { partyOf: async () => ({ tenant_id: tenantId, name: 'Demo Label', ddex_party_id: 'PADPIDA2026112469E' }) };

const deps = (openSession: (slug: string) => Promise<StoreSession>, retry: SendDeps['retry'] = { baseMs: 60_000, capMs: 600_000, maxAttempts: 2 }): SendDeps => ({
  blobs: schema.blobs,
  catalogue,
  supplyChain,
  parties,
  validators,
  openSession,
  retry,
  sender: { party_id: 'PADPIDA2026TESTS01', name: 'SV Distribution' },
  control: 'LiveMessage',
  logger: silentLogger,
});

const storeRoot = () => join(dir, 'store');
const toDirectory = async () => openDirectorySession(storeRoot());

const deliveryRow = async (id: string) =>
  (await orm.em.fork().execute<Record<string, any>[]>(`select * from "delivery"."delivery" where "id" = ?`, [id]))[0] ?? {};

/** Its `attempts`-th attempt is over and recorded: no worker holds it, and it is not mid-attempt. */
const attemptsOver = async (id: string, attempts: number) => {
  const row = await deliveryRow(id);
  return row.attempts >= attempts && row.claimed_until === null && row.state !== 'sending' ? row : undefined;
};

/**
 * Queues a delivery and runs the delivery queue until `attempts` attempts at it are over: the
 * row as it then stands, with the queued delivery's id and batch.
 */
const deliver = async (kind: 'new' | 'update', send: SendDeps, attempts = 1) => {
  const [queued] = await queueDeliveries(orm.em.fork(), [{ tenantId, releaseId: release.uuid, dsp: config.dsp, kind, reason: 'test' }]);
  if (!queued) throw new Error('nothing queued');
  const queue = startDeliveryQueue(orm, send, { tickMs: 50, leaseMs: 60_000, concurrency: 1 }, silentLogger);
  try {
    const row = await eventually(`attempt ${attempts} at ${queued.id}`, () => attemptsOver(queued.id, attempts));
    return { id: queued.id, batchId: String(row.batch_id), state: String(row.state), row };
  } finally {
    await queue.stop();
  }
};

const outboxTypes = async (): Promise<string[]> =>
  (await orm.em.fork().execute<{ type: string }[]>(`select "type" from "delivery"."outbox_event" order by "created_at", "id"`)).map((row) => row.type);

beforeAll(async () => {
  schema = await openDeliverySchema('svsend');
  ({ orm, dir } = schema);
  validators = lazyErnValidators();
  release = await storedRelease(schema, tenantId);
}, 60_000);

afterAll(async () => {
  validators?.dispose();
  await schema?.close();
});

describe('one delivery attempt', () => {
  it('sends a valid bundle, records the attempt and the store’s stage with its event; the same version again is the same message', async () => {
    config = deezerStoreConfig();
    const first = await deliver('new', deps(toDirectory));
    expect(first.state).toBe('sent');
    const sent = await deliveryRow(first.id);
    expect(sent).toEqual(expect.objectContaining({ state: 'sent', error: null, attempts: 1 }));
    const ern = join(storeRoot(), first.batchId, release.upc, `${release.upc}.xml`);
    const xml = await readFile(ern, 'utf8');
    expect(validators.of('4.3').validate(xml)).toMatchObject({ valid: true, errors: [] });
    expect(readErn(xml).namespace).toBe(ERN_NAMESPACES['4.3']);
    expect(xml).toContain(`<MessageId>${sent.message_id}</MessageId>`);
    expect((sent.files as { name: string }[]).map((file) => file.name).sort()).toEqual(
      [`${release.upc}.xml`, `resources/${release.upc}.jpg`, `resources/${release.upc}_01_001.wav`].sort(),
    );
    expect(await outboxTypes()).toEqual(['release.dsp.deezer.submitted']);

    const again = await deliver('new', deps(toDirectory));
    expect(again.state).toBe('sent');
    const repeated = await deliveryRow(again.id);
    expect(repeated.message_id).toBe(sent.message_id);
    expect(await readFile(join(storeRoot(), again.batchId, release.upc, `${release.upc}.xml`), 'utf8')).toBe(xml);
    // The store's stage was already submitted: a repeat moves nothing, yet the new delivery is now its latest.
    expect(await outboxTypes()).toEqual(['release.dsp.deezer.submitted', 'release.dsp.deezer.submitted']);
  });

  it('never sends a message it cannot build: no deals left is a failed delivery at once, with the reason and its event', async () => {
    config = deezerStoreConfig({ territory_codes: [], deals: [] });
    const before = await readdir(storeRoot());
    const claimed = await deliver('update', deps(toDirectory, { baseMs: 1, capMs: 5, maxAttempts: 5 }));
    expect(claimed.state).toBe('failed');
    const failed = await deliveryRow(claimed.id);
    expect(failed).toEqual(expect.objectContaining({ state: 'failed', attempts: 1 }));
    expect(failed.error).toMatch(/\S/);
    expect(await readdir(storeRoot())).toEqual(before);
    expect((await outboxTypes()).at(-1)).toBe('release.dsp.deezer.failed');
  });

  it('retries a transport failure later, showing its error and next attempt time, and fails the delivery once its attempts are used up', async () => {
    config = deezerStoreConfig();
    const broken = async (): Promise<StoreSession> => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:22');
    };
    const failedAt = Date.now();
    const claimed = await deliver('update', deps(broken));
    const waiting = claimed.row;
    expect(waiting).toEqual(expect.objectContaining({ state: 'queued', error: 'connect ECONNREFUSED 127.0.0.1:22', last_error: 'connect ECONNREFUSED 127.0.0.1:22' }));
    // The kit's backoff: a random wait up to twice the base after the first attempt.
    expect(new Date(waiting.next_attempt_at).getTime()).toBeGreaterThanOrEqual(failedAt - 1_000);
    expect(new Date(waiting.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now() + 120_000);

    await orm.em.fork().execute(`update "delivery"."delivery" set "next_attempt_at" = now() where "id" = ?`, [claimed.id]);
    const queue = startDeliveryQueue(orm, deps(broken), { tickMs: 50, leaseMs: 60_000, concurrency: 1 }, silentLogger);
    const ended = await eventually('the second attempt', () => attemptsOver(claimed.id, 2)).finally(() => queue.stop());
    expect(ended).toEqual(expect.objectContaining({ state: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:22' }));
    const attempts = await orm.em.fork().execute<{ attempt: number; outcome: string }[]>(
      `select "attempt", "outcome" from "delivery"."delivery_attempt" where "delivery_id" = ? order by "attempt"`,
      [claimed.id],
    );
    expect(attempts).toEqual([
      { attempt: 1, outcome: 'failed' },
      { attempt: 2, outcome: 'failed' },
    ]);
    expect((await outboxTypes()).at(-1)).toBe('release.dsp.deezer.failed');
  });

  it.each([
    ['3.8.2', 14, 'napster', 'Napster'],
    ['4.2', 19, 'gaana', 'Gaana'],
  ] as const)('sends ERN %s to a store registered for it, validated with that version’s schema', async (ernVersion, dspId, slug, name) => {
    config = deezerStoreConfig({ dsp: { ...deezerStoreConfig().dsp, dsp_id: dspId, slug, name, ern_version: ernVersion } });
    const claimed = await deliver('new', deps(toDirectory));
    expect(claimed.state).toBe('sent');
    const xml = await readFile(join(storeRoot(), claimed.batchId, release.upc, `${release.upc}.xml`), 'utf8');
    expect(readErn(xml)).toEqual({ namespace: ERN_NAMESPACES[ernVersion], upcs: [release.upc], isrcs: release.tracks.map((track) => track.isrc) });
    expect(validators.of(ernVersion).validate(xml)).toMatchObject({ valid: true, errors: [] });
    expect(await readdir(join(storeRoot(), claimed.batchId))).toEqual(expect.arrayContaining([release.upc, `BatchComplete_${claimed.batchId}.xml`]));
  });

  it('fails at once, sending nothing, when the store is registered for an ERN version the platform does not write', async () => {
    config = deezerStoreConfig({ dsp: { ...deezerStoreConfig().dsp, ern_version: '3.7' } });
    const before = await readdir(storeRoot());
    const claimed = await deliver('update', deps(toDirectory));
    expect(claimed.state).toBe('failed');
    expect((await deliveryRow(claimed.id)).error).toBe('Deezer is registered for ERN 3.7, which the platform does not write (4.3, 4.2, 3.8.2).');
    expect(await readdir(storeRoot())).toEqual(before);
  });
});
