import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createLogger, openDatabase } from '@sv/platform';
import { createTestDatabase, eventually, startReceiver, verifySignature, type Receiver, type TestDatabase } from '@sv/testing';
import type { AttemptDeps } from '../src/app/delivery/attempt-delivery.ts';
import { startDeliveryWorker, type DeliveryWorker, type WorkerSettings } from '../src/app/delivery/delivery-worker.ts';
import { httpSender } from '../src/app/delivery/http-sender.ts';
import { queueTestEvent } from '../src/app/delivery/test-event.ts';
import { generateSecret, sealSecret } from '../src/app/subscriptions/secret-sealing.ts';
import { WEBHOOKS_ENTITIES, WEBHOOKS_MIGRATIONS, WEBHOOKS_SCHEMA } from '../src/db/index.ts';

/*
 * The delivery worker on the kit's work queue, against a real webhooks schema and a real HTTP
 * receiver on 127.0.0.1: capped attempts ending failed with the last error, a refused target
 * failing at once, and two workers (each with its own connection pool, as two replicas) never
 * sending one delivery twice while its slow receiver outlasts the lease they would let lapse.
 */

const logger = createLogger({ service: 'webhooks', env: 'production', level: 'silent', pretty: false });
const SECRET_KEY = 'a webhook secret key for the delivery queue tests';
const tenantId = randomUUID();

let db: TestDatabase;
let orms: MikroORM[];
let receiver: Receiver;
const workers: DeliveryWorker[] = [];

beforeAll(async () => {
  db = await createTestDatabase('svwhq');
  const open = () => openDatabase({ url: db.url, schema: WEBHOOKS_SCHEMA, entities: WEBHOOKS_ENTITIES, migrations: WEBHOOKS_MIGRATIONS, logger });
  orms = [await open(), await open()];
  receiver = await startReceiver({
    never: () => ({ status: 500, body: 'still broken' }),
    // Twice the lease: a lease that were not renewed would run out mid-send and be claimed again.
    slow: () => ({ status: 200, delayMs: 2_000 }),
  });
}, 120_000);

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

afterAll(async () => {
  await receiver?.close();
  await Promise.all((orms ?? []).map((orm) => orm.close(true)));
  await db?.drop();
});

const subscribe = async (url: string): Promise<{ id: string; secret: string }> => {
  const id = randomUUID();
  const secret = generateSecret();
  await orms[0]!.em.fork().execute(
    `insert into "webhooks"."webhook" ("id", "tenant_id", "name", "url", "events", "is_active", "secret_sealed", "secret_prefix", "created_at", "updated_at")
      values (?, ?, 'hook', ?, '["video.*"]', true, ?, ?, now(), now())`,
    [id, tenantId, url, sealSecret(SECRET_KEY, id, secret), secret.slice(0, 12)],
  );
  return { id, secret };
};

const worker = (orm: MikroORM, options: { maxAttempts?: number; allowPrivateUrls?: boolean; settings?: Partial<WorkerSettings> } = {}): DeliveryWorker => {
  const deps: AttemptDeps = {
    send: httpSender({ timeoutMs: 10_000, allowPrivateUrls: options.allowPrivateUrls ?? true, userAgent: 'sv-webhooks/test', excerptBytes: 1024 }),
    secretKey: SECRET_KEY,
    policy: { baseMs: 5, capMs: 20, windowMs: 3_600_000, maxAttempts: options.maxAttempts ?? 5 },
    now: () => Date.now(),
  };
  const started = startDeliveryWorker(orm, deps, { tickMs: 50, concurrency: 4, perSubscription: 2, leaseMs: 1_000, ...options.settings }, logger);
  workers.push(started);
  return started;
};

interface DeliveryRow {
  status: string;
  attempts: number;
  last_error: string | null;
  claimed_until: Date | null;
  next_attempt_at: Date | null;
}

const deliveriesOf = async (subscriptionId: string): Promise<DeliveryRow[]> =>
  orms[0]!.em
    .fork()
    .execute<DeliveryRow[]>(
      `select "status", "attempts", "last_error", "claimed_until", "next_attempt_at" from "webhooks"."delivery" where "subscription_id" = ? order by "created_at"`,
      [subscriptionId],
    );

const attemptLogOf = (subscriptionId: string) =>
  orms[0]!.em
    .fork()
    .execute<{ attempt: number; status_code: number | null; error: string | null; next_retry_at: Date | null }[]>(
      `select "attempt", "status_code", "error", "next_retry_at" from "webhooks"."delivery_attempt" where "subscription_id" = ? order by "attempt"`,
      [subscriptionId],
    );

const settled = (subscriptionId: string, count: number) =>
  eventually(`${count} deliveries settled`, async () => {
    const rows = await deliveriesOf(subscriptionId);
    return rows.length === count && rows.every((row) => row.status !== 'pending' && row.claimed_until === null) ? rows : undefined;
  });

describe('webhook deliveries on the work queue', () => {
  it('a delivery whose receiver keeps failing ends failed with its last error after the capped attempts', async () => {
    const hook = await subscribe(receiver.url('/never/capped'));
    worker(orms[0]!, { maxAttempts: 3 });
    const { eventId } = await queueTestEvent(orms[0]!.em.fork(), tenantId, hook.id);

    const [delivery] = await settled(hook.id, 1);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'The receiver answered HTTP 500. The attempts are spent.',
      next_attempt_at: null,
    });
    const sent = receiver.at('/never/capped');
    expect(sent.map((request) => [request.eventId, request.headers['x-service-delivery-attempt']])).toEqual([
      [eventId, '1'],
      [eventId, '2'],
      [eventId, '3'],
    ]);
    expect(sent.every((request) => verifySignature(hook.secret, request.headers['x-service-signature'] as string, request.raw))).toBe(true);
    // Every attempt in the log; only the last says no retry follows.
    const log = await attemptLogOf(hook.id);
    expect(log.map((entry) => [entry.attempt, entry.status_code, entry.error])).toEqual([
      [1, 500, 'The receiver answered HTTP 500.'],
      [2, 500, 'The receiver answered HTTP 500.'],
      [3, 500, 'The receiver answered HTTP 500.'],
    ]);
    expect(log.map((entry) => entry.next_retry_at === null)).toEqual([false, false, true]);
  });

  it('a target the address policy now refuses fails at once, after one attempt and no request', async () => {
    const hook = await subscribe(receiver.url('/never/refused'));
    worker(orms[0]!, { allowPrivateUrls: false });
    await queueTestEvent(orms[0]!.em.fork(), tenantId, hook.id);

    const [delivery] = await settled(hook.id, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringMatching(/refused by the outbound address policy/) });
    expect(receiver.at('/never/refused')).toEqual([]);
    const log = await attemptLogOf(hook.id);
    expect(log).toEqual([{ attempt: 1, status_code: null, error: 'The target resolves to a refused (non-public) address.', next_retry_at: null }]);
  });

  it('two workers never send the same delivery, even when the receiver outlasts the lease', async () => {
    const hooks = [await subscribe(receiver.url('/slow/a')), await subscribe(receiver.url('/slow/b')), await subscribe(receiver.url('/slow/c'))];
    worker(orms[0]!);
    worker(orms[1]!);
    const events: string[] = [];
    for (const hook of hooks) {
      for (let i = 0; i < 4; i++) events.push((await queueTestEvent(orms[i % 2]!.em.fork(), tenantId, hook.id)).eventId);
    }

    for (const hook of hooks) {
      const rows = await settled(hook.id, 4);
      expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array.from({ length: 4 }, () => ['delivered', 1]));
    }
    const sent = hooks.flatMap((_, index) => receiver.at(`/slow/${'abc'[index]}`));
    expect(sent.map((request) => request.eventId).sort()).toEqual([...events].sort());
    expect(sent.every((request) => request.headers['x-service-delivery-attempt'] === '1')).toBe(true);
    for (const hook of hooks) expect((await attemptLogOf(hook.id)).map((entry) => [entry.attempt, entry.status_code])).toEqual(Array.from({ length: 4 }, () => [1, 200]));
  }, 60_000);
});
