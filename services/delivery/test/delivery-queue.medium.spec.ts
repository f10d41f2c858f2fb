import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ReleaseSnapshot } from '@sv/contracts';
import { openDatabase, type WorkQueue } from '@sv/platform';
import { eventually } from '@sv/testing';
import type { CataloguePort, SupplyChainPort, TenantPartyPort } from '../src/app/ports.ts';
import { startDeliveryQueue, type DeliveryQueueSettings } from '../src/app/queue/delivery-queue.ts';
import { queueDeliveries } from '../src/app/queue/enqueue.ts';
import { lazyErnValidators, type ErnValidators } from '../src/app/queue/ern-validators.ts';
import type { SendDeps } from '../src/app/queue/send-delivery.ts';
import { openDirectorySession } from '../src/app/transports/directory-transport.ts';
import { StoreAccessRefused, type StoreSession } from '../src/app/transports/transport.ts';
import { DELIVERY_ENTITIES, DELIVERY_MIGRATIONS, DELIVERY_SCHEMA } from '../src/db/index.ts';
import { openDeliverySchema, silentLogger, storedRelease, type DeliverySchema } from './support/delivery-schema.ts';
import { deezerStoreConfig } from './support/store-config.ts';

/*
 * The delivery queue on the kit's work queue, on a real delivery schema with a real directory
 * store: capped retries, deterministic failures, and leases between replicas (each replica an
 * ORM with its own pool on one database).
 */

let schema: DeliverySchema;
let replica: MikroORM;
let validators: ErnValidators;
let release: ReleaseSnapshot;
const tenantId = randomUUID();
const queues: WorkQueue[] = [];

const config = deezerStoreConfig();
const catalogue: CataloguePort = { snapshot: async () => release, command: async () => 'done' };
const supplyChain: SupplyChainPort = { resolvedConfig: async () => [config], overrideStore: async () => { throw new Error('not used here'); } };
const parties: TenantPartyPort = { partyOf: async () => ({ tenant_id: tenantId, name: 'Demo Label', ddex_party_id: 'PADPIDA2026112469E' }) };

const deps = (openSession: (slug: string) => Promise<StoreSession>, maxAttempts = 3): SendDeps => ({
  blobs: schema.blobs,
  catalogue,
  supplyChain,
  parties,
  validators,
  openSession,
  retry: { baseMs: 1, capMs: 5, maxAttempts },
  sender: { party_id: 'PADPIDA2026TESTS01', name: 'SV Distribution' },
  control: 'LiveMessage',
  logger: silentLogger,
});

const SETTINGS: DeliveryQueueSettings = { tickMs: 50, leaseMs: 60_000, concurrency: 4 };

const start = (orm: MikroORM, send: SendDeps, settings: DeliveryQueueSettings = SETTINGS): WorkQueue => {
  const queue = startDeliveryQueue(orm, send, settings, silentLogger);
  queues.push(queue);
  return queue;
};

const storeRoot = () => join(schema.dir, 'store');

/** A delivery of its own release id each, so none is folded into another waiting one. */
const queueOne = async (): Promise<string> => {
  const [queued] = await queueDeliveries(schema.orm.em.fork(), [{ tenantId, releaseId: randomUUID(), dsp: config.dsp, kind: 'new', reason: 'test' }]);
  if (!queued) throw new Error('nothing queued');
  return queued.id;
};

const row = async (id: string) =>
  (await schema.orm.em.fork().execute<Record<string, any>[]>(`select * from "delivery"."delivery" where "id" = ?`, [id]))[0] ?? {};

const attemptRows = (id: string) =>
  schema.orm.em.fork().execute<{ attempt: number; outcome: string; error: string | null }[]>(
    `select "attempt", "outcome", "error" from "delivery"."delivery_attempt" where "delivery_id" = ? order by "attempt"`,
    [id],
  );

const stageEvents = (id: string) =>
  schema.orm.em.fork().execute<{ type: string; envelope: Record<string, any> }[]>(
    `select "type", "envelope" from "delivery"."outbox_event" where "envelope"->'data'->>'delivery_id' = ? order by "created_at", "id"`,
    [id],
  );

/** The delivery's attempt is over and recorded, and no worker holds it. */
const ended = (id: string) =>
  eventually(`delivery ${id} to end`, async () => {
    const found = await row(id);
    return ['sent', 'failed', 'cancelled'].includes(found.state) && found.claimed_until === null ? found : undefined;
  });

/** Runs an assertion; when it fails, its message goes on with what `diagnose` finds (the assertion itself is unchanged). */
const explained = async (diagnose: () => Promise<unknown>, assertion: () => void): Promise<void> => {
  try {
    assertion();
  } catch (error) {
    if (error instanceof Error) {
      const message = `${error.message}\n\nWhat was recorded:\n${JSON.stringify(await diagnose().catch((failed: unknown) => `(could not be read: ${String(failed)})`), null, 2)}`;
      // Jest reports the stack, which begins with the message as it was thrown.
      error.stack = error.stack?.replace(error.message, () => message);
      error.message = message;
    }
    throw error;
  }
};

/** A gate the test opens: the send waits at it (as a long upload would) until then. */
const gate = () => {
  let open!: () => void;
  let entered!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (entered = resolve));
  return { open, reached, wait: async () => (entered(), opened) };
};

beforeAll(async () => {
  schema = await openDeliverySchema('svdqueue');
  replica = await openDatabase({ url: schema.url, schema: DELIVERY_SCHEMA, entities: DELIVERY_ENTITIES, migrations: DELIVERY_MIGRATIONS, logger: silentLogger });
  validators = lazyErnValidators();
  release = await storedRelease(schema, tenantId);
}, 60_000);

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});

afterAll(async () => {
  validators?.dispose();
  await replica?.close(true);
  await schema?.close();
});

describe('the delivery queue', () => {
  it('ends a delivery whose transport keeps failing as failed after its capped attempts, with the last error and the failed stage', async () => {
    let opened = 0;
    const refusing = async (): Promise<StoreSession> => {
      opened += 1;
      throw new Error(`connect ECONNREFUSED 127.0.0.1:22 (try ${opened})`);
    };
    const id = await queueOne();
    start(schema.orm, deps(refusing, 3));
    const failed = await ended(id);
    expect(failed).toEqual(expect.objectContaining({ state: 'failed', attempts: 3, error: 'connect ECONNREFUSED 127.0.0.1:22 (try 3)' }));
    expect(opened).toBe(3);
    expect(await attemptRows(id)).toEqual([1, 2, 3].map((attempt) => ({ attempt, outcome: 'failed', error: `connect ECONNREFUSED 127.0.0.1:22 (try ${attempt})` })));
    const events = await stageEvents(id);
    expect(events.map((event) => event.type)).toEqual(['release.dsp.deezer.failed']);
    expect(events[0]?.envelope.data.message).toBe('connect ECONNREFUSED 127.0.0.1:22 (try 3)');
  });

  it('fails a delivery at once when the store refuses the configured credentials', async () => {
    let opened = 0;
    const refused = async (): Promise<StoreSession> => {
      opened += 1;
      throw new StoreAccessRefused('The SFTP server sftp.deezer.example refused the credentials configured for label@sftp.deezer.example.');
    };
    const id = await queueOne();
    start(schema.orm, deps(refused, 5));
    expect(await ended(id)).toEqual(
      expect.objectContaining({ state: 'failed', attempts: 1, error: 'The SFTP server sftp.deezer.example refused the credentials configured for label@sftp.deezer.example.' }),
    );
    expect(opened).toBe(1);
    expect((await stageEvents(id)).map((event) => event.type)).toEqual(['release.dsp.deezer.failed']);
  });

  it('never lets two replicas send the same delivery: each of many is sent once, by one of them', async () => {
    const sending = new Set<string>();
    const sends: string[] = [];
    const overlaps: string[] = [];
    /** The real directory store, noting which batch is being sent while it is. */
    const watched = async (): Promise<StoreSession> => {
      const session = openDirectorySession(storeRoot());
      return {
        ...session,
        async send(bundle, signal) {
          if (sending.has(bundle.batchId)) overlaps.push(bundle.batchId);
          sending.add(bundle.batchId);
          sends.push(bundle.batchId);
          try {
            await new Promise((resolve) => setTimeout(resolve, 20));
            await session.send(bundle, signal);
          } finally {
            sending.delete(bundle.batchId);
          }
        },
      };
    };
    const ids = await Promise.all(Array.from({ length: 10 }, () => queueOne()));
    start(schema.orm, deps(watched));
    start(replica, deps(watched));
    const rows = await Promise.all(ids.map((id) => ended(id)));
    // Each delivery's attempts as recorded, shown when the ends are not as expected: why an attempt failed.
    const attemptsOf = async () =>
      Promise.all(
        rows.map(async (found) => ({
          id: found.id,
          batch_id: found.batch_id,
          state: found.state,
          attempts: found.attempts,
          error: found.error,
          last_error: found.last_error,
          sends_of_its_batch: sends.filter((batch) => batch === found.batch_id).length,
          attempt_rows: await attemptRows(String(found.id)),
        })),
      );
    await explained(attemptsOf, () => expect(rows.map((found) => [found.state, found.attempts])).toEqual(ids.map(() => ['sent', 1])));
    expect(overlaps).toEqual([]);
    expect(sends.sort()).toEqual(rows.map((found) => String(found.batch_id)).sort());
    for (const id of ids) expect((await attemptRows(id)).map((attempt) => attempt.outcome)).toEqual(['sent']);
  });

  it('renews the lease while a long upload runs, so no other replica takes the delivery up meanwhile', async () => {
    const upload = gate();
    let opened = 0;
    const slow = async (): Promise<StoreSession> => {
      opened += 1;
      const session = openDirectorySession(storeRoot());
      return { ...session, send: async (bundle, signal) => (await upload.wait(), session.send(bundle, signal)) };
    };
    const id = await queueOne();
    const settings = { tickMs: 50, leaseMs: 1_000, renewEveryMs: 100, concurrency: 1 };
    start(schema.orm, deps(slow), settings);
    await upload.reached;
    start(replica, deps(slow), settings);
    // Three leases' time passes on the database's clock while the upload is held.
    await eventually('three leases to pass', async () => {
      const [passed] = await schema.orm.em.fork().execute<{ over: boolean }[]>(`select now() - "updated_at" > interval '3 seconds' as "over" from "delivery"."delivery" where "id" = ?`, [id]);
      return passed?.over;
    });
    upload.open();
    expect(await ended(id)).toEqual(expect.objectContaining({ state: 'sent', attempts: 1 }));
    expect(opened).toBe(1);
    expect(await attemptRows(id)).toEqual([{ attempt: 1, outcome: 'sent', error: null }]);
  });

  it('a worker that lost its lease stops its upload and writes nothing', async () => {
    const sessionRoot = join(schema.dir, 'lost-lease-store');
    let claimed!: () => void;
    const uploading = new Promise<void>((resolve) => (claimed = resolve));
    let stoppedFor: unknown;
    /** An upload that runs until its signal is aborted, then goes on to the real store as a late worker would. */
    const endless = async (): Promise<StoreSession> => {
      const session = openDirectorySession(sessionRoot);
      return {
        ...session,
        async send(bundle, signal) {
          claimed();
          await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
          stoppedFor = signal?.reason;
          await session.send(bundle, signal);
        },
      };
    };
    const id = await queueOne();
    const queue = startDeliveryQueue(schema.orm, deps(endless), { tickMs: 50, leaseMs: 60_000, renewEveryMs: 100, concurrency: 1 }, silentLogger);
    await uploading;
    // Another worker has it now: its claim counted a further attempt (the lease token) and holds it.
    await schema.orm.em.fork().execute(`update "delivery"."delivery" set "attempts" = "attempts" + 1, "claimed_until" = now() + interval '1 hour' where "id" = ?`, [id]);
    await eventually('the lost lease to stop the upload', () => stoppedFor);
    await queue.stop();
    expect((stoppedFor as Error).name).toBe('LeaseLostError');
    expect(await row(id)).toEqual(expect.objectContaining({ state: 'sending', attempts: 2, error: null, last_error: null }));
    expect(await attemptRows(id)).toEqual([]);
    expect(await stageEvents(id)).toEqual([]);
    expect(await readdir(sessionRoot).catch(() => [])).toEqual([]);
  });
});
