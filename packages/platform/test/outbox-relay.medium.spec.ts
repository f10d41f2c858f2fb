import { randomUUID } from 'node:crypto';
import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import { eventSubject, type EventDefinition } from '@sv/contracts';
import {
  OutboxRelay,
  currentRequestId,
  recordEvent,
  startEventConsumer,
  withRequestId,
  type EntityManager,
  type EventConsumer,
} from '../src/index.ts';
import {
  Widget,
  appliedCount,
  deferred,
  openKit,
  query,
  silentLogger,
  streamMessageCount,
  waitFor,
  widgetEvent,
  type Kit,
  type widgetEventData,
} from './support/kit.ts';

type WidgetEvent = EventDefinition<typeof widgetEventData>;

let kit: Kit;
const consumers: EventConsumer[] = [];
const relays: OutboxRelay[] = [];

beforeAll(async () => {
  kit = await openKit();
}, 180_000);

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
});

afterAll(async () => {
  await kit?.close();
});

const newRelay = (options: { js?: JetStreamClient; batchSize?: number; intervalMs?: number } = {}): OutboxRelay => {
  const relay = new OutboxRelay({
    orm: kit.orm,
    js: options.js ?? kit.js,
    schema: kit.schema,
    subjectPrefix: kit.prefix,
    logger: silentLogger(),
    intervalMs: options.intervalMs ?? 50,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
  relays.push(relay);
  return relay;
};

/** A state change (a widget row) and its event, written by one flush. */
const writeWidgetWithEvent = async (event: WidgetEvent, name: string, tenantId: string | null = randomUUID()) => {
  const em = kit.orm.em.fork();
  const widget = em.create(Widget, { id: randomUUID(), name });
  const envelope = recordEvent(em, event, tenantId, { widget_id: widget.id, name: widget.name });
  await em.flush();
  return { widget, envelope };
};

/** A durable consumer whose handler writes one applied_event row per application. */
const startRecordingConsumer = async (event: WidgetEvent, durable: string) => {
  const seen: { id: string; requestId: string | undefined; widgetId: string }[] = [];
  const consumer = await startEventConsumer({
    nc: kit.nc,
    orm: kit.orm,
    schema: kit.schema,
    subjectPrefix: kit.prefix,
    durable,
    event,
    logger: silentLogger(),
    backoffMs: [50],
    handle: async (em: EntityManager, consumed) => {
      await em.execute(`insert into "${kit.schema}"."applied_event" ("consumer", "event_id") values (?, ?)`, [durable, consumed.id]);
      seen.push({ id: consumed.id, requestId: currentRequestId(), widgetId: consumed.data.widget_id });
    },
  });
  consumers.push(consumer);
  return seen;
};

const outboxRow = async (id: string) =>
  (
    await query<{ id: string; published_at: Date | null; request_id: string | null; envelope: Record<string, unknown> }>(
      kit,
      `select "id", "published_at", "request_id", "envelope" from "${kit.schema}"."outbox_event" where "id" = ?`,
      [id],
    )
  )[0];

/** Unpublished rows of one event type, in the order a relay claims them. */
const claimOrder = async (type: string): Promise<string[]> =>
  (
    await query<{ id: string }>(
      kit,
      `select "id" from "${kit.schema}"."outbox_event" where "type" = ? and "published_at" is null order by "created_at", "id"`,
      [type],
    )
  ).map((row) => row.id);

const widgetExists = async (id: string): Promise<boolean> =>
  (await query<{ id: string }>(kit, `select "id" from "${kit.schema}"."widget" where "id" = ?`, [id])).length === 1;

/** A JetStream client that records what a relay publishes and can hold a publish at a gate. */
const recordingJs = (options: { holdFirstPublish?: Promise<void>; onFirstPublish?: () => void; failOnCall?: number } = {}) => {
  const published: string[] = [];
  const acks: PubAck[] = [];
  let calls = 0;
  const js = {
    publish: async (subject: string, payload: unknown, opts?: { msgID?: string }) => {
      calls += 1;
      if (calls === 1) {
        options.onFirstPublish?.();
        if (options.holdFirstPublish) await options.holdFirstPublish;
      }
      if (options.failOnCall === calls) throw new Error('nats is unavailable');
      const ack = await kit.js.publish(subject, payload as string, opts);
      published.push(opts?.msgID ?? '');
      acks.push(ack);
      return ack;
    },
  } as unknown as JetStreamClient;
  return { js, published, acks };
};

describe('outbox and relay', () => {
  it('delivers an event written with a state change to a durable consumer exactly once, across a relay stop and restart', async () => {
    const event = widgetEvent();
    const subject = eventSubject(kit.prefix, event.name);

    // The relay is not running: the row and its event are committed, nothing is published.
    const { widget, envelope } = await writeWidgetWithEvent(event, 'first');
    expect(await widgetExists(widget.id)).toBe(true);
    const pending = await outboxRow(envelope.id);
    expect(pending).toBeDefined();
    expect(pending?.published_at).toBeNull();
    expect(pending?.envelope).toMatchObject({ id: envelope.id, type: event.name, data: { widget_id: widget.id, name: 'first' } });
    expect(await streamMessageCount(kit, subject)).toBe(0);

    const seen = await startRecordingConsumer(event, 'outbox-key-rule');
    const before = await kit.jsm.consumers.info(kit.stream, 'outbox-key-rule');
    expect(before.num_pending).toBe(0);
    expect(before.delivered.consumer_seq).toBe(0);

    // The relay starts: the event reaches the consumer, and the row is stamped published.
    const first = newRelay();
    first.start();
    await waitFor(async () => (await appliedCount(kit, 'outbox-key-rule', envelope.id)) === 1, 'the consumer applies the event');
    await waitFor(async () => (await outboxRow(envelope.id))?.published_at != null, 'the relay marks the row published');
    await first.stop();
    expect(await streamMessageCount(kit, subject)).toBe(1);

    // A new relay instance finds nothing left to publish for that row.
    const second = newRelay();
    expect(await second.publishBatch()).toBe(0);
    second.start();

    // A later event (published by the new relay) is applied after it; the first is still applied once.
    const barrier = await writeWidgetWithEvent(event, 'barrier');
    await waitFor(async () => (await appliedCount(kit, 'outbox-key-rule', barrier.envelope.id)) === 1, 'the barrier event is applied');
    await second.stop();

    expect(await appliedCount(kit, 'outbox-key-rule', envelope.id)).toBe(1);
    expect(seen.map((entry) => entry.id)).toEqual([envelope.id, barrier.envelope.id]);
    expect(seen[0]?.widgetId).toBe(widget.id);
    expect(await streamMessageCount(kit, subject)).toBe(2);
    expect((await outboxRow(envelope.id))?.published_at).not.toBeNull();
  }, 180_000);

  it('publishes as soon as the change commits, without waiting for the timed poll (a flush and an explicit transaction)', async () => {
    const relay = newRelay({ intervalMs: 3_600_000 });
    relay.start();
    // The start's own run finds nothing; from then on only a commit can wake the relay.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const flushed = await writeWidgetWithEvent(widgetEvent(), 'flushed');
    await waitFor(async () => (await outboxRow(flushed.envelope.id))?.published_at != null, 'the flushed event is published', 5_000);

    const inTransaction = await kit.orm.em.fork().transactional(async (tx) => {
      const widget = tx.create(Widget, { id: randomUUID(), name: 'in a transaction' });
      return recordEvent(tx, widgetEvent(), null, { widget_id: widget.id, name: widget.name });
    });
    await waitFor(async () => (await outboxRow(inTransaction.id))?.published_at != null, 'the transaction\'s event is published', 5_000);
  }, 30_000);

  it('a transaction that rolls back leaves neither the row nor the event', async () => {
    const event = widgetEvent();
    const subject = eventSubject(kit.prefix, event.name);
    let widgetId = '';
    let eventId = '';

    await expect(
      kit.orm.em.fork().transactional(async (tx) => {
        const widget = tx.create(Widget, { id: randomUUID(), name: 'rolled back' });
        widgetId = widget.id;
        eventId = recordEvent(tx, event, null, { widget_id: widget.id, name: widget.name }).id;
        await tx.flush();
        throw new Error('the use-case failed after flushing');
      }),
    ).rejects.toThrow('the use-case failed after flushing');

    expect(widgetId).not.toBe('');
    expect(await widgetExists(widgetId)).toBe(false);
    expect(await outboxRow(eventId)).toBeUndefined();
    expect(await newRelay().publishBatch()).toBe(0);
    expect(await streamMessageCount(kit, subject)).toBe(0);
  }, 30_000);

  it('a flush that fails on the state change does not record its event either', async () => {
    const event = widgetEvent();
    const { widget } = await writeWidgetWithEvent(event, 'original');
    await newRelay().publishBatch();

    const em = kit.orm.em.fork();
    em.create(Widget, { id: widget.id, name: 'duplicate primary key' });
    const orphan = recordEvent(em, event, null, { widget_id: widget.id, name: 'duplicate primary key' });
    await expect(em.flush()).rejects.toThrow();

    expect(await outboxRow(orphan.id)).toBeUndefined();
    expect(await streamMessageCount(kit, eventSubject(kit.prefix, event.name))).toBe(1);
  }, 30_000);

  it('a re-publish after a crash between publish and mark is dropped by JetStream (Nats-Msg-Id) and applied once', async () => {
    const event = widgetEvent();
    const subject = eventSubject(kit.prefix, event.name);
    await startRecordingConsumer(event, 'outbox-crash');
    const { envelope } = await writeWidgetWithEvent(event, 'published twice');

    const recorder = recordingJs();
    const relay = newRelay({ js: recorder.js });
    expect(await relay.publishBatch()).toBe(1);
    expect(recorder.published).toEqual([envelope.id]);
    expect(recorder.acks[0]?.duplicate).toBe(false);
    await waitFor(async () => (await appliedCount(kit, 'outbox-crash', envelope.id)) === 1, 'the consumer applies the event');
    const messagesBefore = await streamMessageCount(kit);

    // The crash: JetStream has the message, but the mark never committed.
    await query(kit, `update "${kit.schema}"."outbox_event" set "published_at" = null where "id" = ?`, [envelope.id]);
    expect(await relay.publishBatch()).toBe(1);
    expect(recorder.published).toEqual([envelope.id, envelope.id]);
    expect(recorder.acks[1]?.duplicate).toBe(true);
    expect(await streamMessageCount(kit)).toBe(messagesBefore);
    expect(await streamMessageCount(kit, subject)).toBe(1);
    expect((await outboxRow(envelope.id))?.published_at).not.toBeNull();

    // A later event is applied after it; the re-published one was never applied again.
    const barrier = await writeWidgetWithEvent(event, 'barrier');
    expect(await relay.publishBatch()).toBe(1);
    await waitFor(async () => (await appliedCount(kit, 'outbox-crash', barrier.envelope.id)) === 1, 'the barrier event is applied');
    expect(await appliedCount(kit, 'outbox-crash', envelope.id)).toBe(1);
  }, 180_000);

  it('two relays on the same table never claim the same rows (SKIP LOCKED)', async () => {
    const event = widgetEvent();
    for (let i = 0; i < 10; i++) await writeWidgetWithEvent(event, `widget ${i}`);
    const written = await claimOrder(event.name);
    expect(written).toHaveLength(10);

    // Relay A claims a batch and is held inside its first publish, its row locks still taken.
    const gate = deferred();
    const aHolding = deferred();
    const a = recordingJs({ holdFirstPublish: gate.promise, onFirstPublish: () => aHolding.resolve() });
    const b = recordingJs();
    const relayA = newRelay({ js: a.js, batchSize: 5 });
    const relayB = newRelay({ js: b.js, batchSize: 5 });

    const aDone = relayA.publishBatch();
    await aHolding.promise;
    // Relay B runs meanwhile: it skips A's locked rows instead of waiting for them or taking them.
    const bCount = await relayB.publishBatch();
    gate.resolve();
    const aCount = await aDone;

    expect(aCount).toBe(5);
    expect(bCount).toBe(5);
    expect(a.published).toEqual(written.slice(0, 5));
    expect(b.published).toEqual(written.slice(5));
    expect(await streamMessageCount(kit, eventSubject(kit.prefix, event.name))).toBe(10);
    expect(await claimOrder(event.name)).toEqual([]);
  }, 180_000);

  it('two running relays publish each of many rows exactly once', async () => {
    const event = widgetEvent();
    const written = new Set<string>();
    for (let i = 0; i < 40; i++) written.add((await writeWidgetWithEvent(event, `many ${i}`)).envelope.id);

    const a = recordingJs();
    const b = recordingJs();
    const relayA = newRelay({ js: a.js, batchSize: 3, intervalMs: 10 });
    const relayB = newRelay({ js: b.js, batchSize: 3, intervalMs: 10 });
    relayA.start();
    relayB.start();
    await waitFor(async () => (await claimOrder(event.name)).length === 0, 'every row is published');
    await relayA.stop();
    await relayB.stop();

    const all = [...a.published, ...b.published];
    expect(all).toHaveLength(40);
    expect(new Set(all)).toEqual(written);
    expect([...a.acks, ...b.acks].every((ack) => !ack.duplicate)).toBe(true);
  }, 180_000);

  it('a failed publish stops the batch; the rest stay unpublished and go out on the next tick', async () => {
    const event = widgetEvent();
    for (let i = 0; i < 3; i++) await writeWidgetWithEvent(event, `flaky ${i}`);
    const ids = await claimOrder(event.name);

    const flaky = recordingJs({ failOnCall: 2 });
    expect(await newRelay({ js: flaky.js }).publishBatch()).toBe(1);
    expect(flaky.published).toEqual([ids[0]]);
    expect((await outboxRow(ids[0]!))?.published_at).not.toBeNull();
    expect((await outboxRow(ids[1]!))?.published_at).toBeNull();
    expect((await outboxRow(ids[2]!))?.published_at).toBeNull();

    const healthy = recordingJs();
    expect(await newRelay({ js: healthy.js }).publishBatch()).toBe(2);
    expect(healthy.published).toEqual([ids[1], ids[2]]);
    expect(await streamMessageCount(kit, eventSubject(kit.prefix, event.name))).toBe(3);
  }, 30_000);

  it('carries the request id of the writing request through the outbox to the consumer', async () => {
    const event = widgetEvent();
    const seen = await startRecordingConsumer(event, 'outbox-request-id');
    const { envelope } = await withRequestId('req-outbox-1', () => writeWidgetWithEvent(event, 'traced'));
    expect((await outboxRow(envelope.id))?.request_id).toBe('req-outbox-1');

    newRelay().start();
    await waitFor(() => seen.length === 1, 'the consumer applies the event');
    expect(seen[0]).toMatchObject({ id: envelope.id, requestId: 'req-outbox-1' });
  }, 30_000);
});
