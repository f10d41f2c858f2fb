import { randomUUID } from 'node:crypto';
import { AckPolicy } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { NatsHeader, eventSubject, type EventDefinition, type EventEnvelope } from '@sv/contracts';
import { currentRequestId, startEventConsumer, type EntityManager, type EventConsumer } from '../src/index.ts';
import {
  appliedCount,
  captureLogger,
  deferred,
  envelopeFor,
  inboxCount,
  openKit,
  query,
  silentLogger,
  waitFor,
  widgetEvent,
  type Kit,
  type widgetEventData,
} from './support/kit.ts';

type WidgetEvent = EventDefinition<typeof widgetEventData>;

let kit: Kit;
const consumers: EventConsumer[] = [];

beforeAll(async () => {
  kit = await openKit();
}, 180_000);

afterEach(async () => {
  await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
});

afterAll(async () => {
  await kit?.close();
});

interface Attempt {
  id: string;
  requestId: string | undefined;
  delivery: number;
}

/**
 * Starts a consumer whose handler first writes an applied_event row in the handler's
 * transaction, then runs `behaviour` (which may throw, or wait).
 */
const startConsumer = async (
  event: WidgetEvent,
  durable: string,
  behaviour: (attempt: Attempt) => Promise<void> | void = () => {},
  options: { maxDeliver?: number; backoffMs?: number[]; logger?: ReturnType<typeof silentLogger> } = {},
) => {
  const attempts: Attempt[] = [];
  const consumer = await startEventConsumer({
    nc: kit.nc,
    orm: kit.orm,
    schema: kit.schema,
    subjectPrefix: kit.prefix,
    durable,
    event,
    logger: options.logger ?? silentLogger(),
    backoffMs: options.backoffMs ?? [50, 50],
    ...(options.maxDeliver ? { maxDeliver: options.maxDeliver } : {}),
    handle: async (em: EntityManager, consumed) => {
      await em.execute(`insert into "${kit.schema}"."applied_event" ("consumer", "event_id") values (?, ?)`, [durable, consumed.id]);
      const attempt = { id: consumed.id, requestId: currentRequestId(), delivery: attempts.length + 1 };
      attempts.push(attempt);
      await behaviour(attempt);
    },
  });
  consumers.push(consumer);
  return { consumer, attempts };
};

const publishEnvelope = async (event: WidgetEvent, envelope: EventEnvelope | string, options: { msgID?: string; requestId?: string } = {}) => {
  const headers = natsHeaders();
  if (options.requestId) headers.set(NatsHeader.requestId, options.requestId);
  return kit.js.publish(eventSubject(kit.prefix, event.name), typeof envelope === 'string' ? envelope : JSON.stringify(envelope), {
    headers,
    ...(options.msgID ? { msgID: options.msgID } : {}),
  });
};

const goodEnvelope = (event: WidgetEvent, name = 'good') => envelopeFor(event, { widget_id: randomUUID(), name });

const consumerInfo = (durable: string) => kit.jsm.consumers.info(kit.stream, durable);

/** Every message of the consumer has been delivered and acked or terminated. */
const settled = async (durable: string): Promise<boolean> => {
  const info = await consumerInfo(durable);
  return info.num_pending === 0 && info.num_ack_pending === 0;
};

describe('durable event consumer', () => {
  it('is a durable explicit-ack consumer that acks only after the handler has committed', async () => {
    const event = widgetEvent();
    const gate = deferred();
    const inHandler = deferred();
    await startConsumer(event, 'consumer-ack', async () => {
      inHandler.resolve();
      await gate.promise;
    });
    const info = await consumerInfo('consumer-ack');
    expect(info.config.durable_name).toBe('consumer-ack');
    expect(info.config.ack_policy).toBe(AckPolicy.Explicit);
    expect(info.config.filter_subject).toBe(eventSubject(kit.prefix, event.name));

    const envelope = goodEnvelope(event);
    await publishEnvelope(event, envelope);
    await inHandler.promise;

    // Inside the handler: delivered, not yet acked, and nothing committed.
    const during = await consumerInfo('consumer-ack');
    expect(during.num_ack_pending).toBe(1);
    expect(await inboxCount(kit, 'consumer-ack', envelope.id)).toBe(0);
    expect(await appliedCount(kit, 'consumer-ack', envelope.id)).toBe(0);

    gate.resolve();
    await waitFor(() => settled('consumer-ack'), 'the message is acked');
    expect(await inboxCount(kit, 'consumer-ack', envelope.id)).toBe(1);
    expect(await appliedCount(kit, 'consumer-ack', envelope.id)).toBe(1);
    expect((await consumerInfo('consumer-ack')).ack_floor.stream_seq).toBeGreaterThan(0);
  }, 30_000);

  it('resumes a durable after a restart without re-applying what it already acked', async () => {
    const event = widgetEvent();
    const first = await startConsumer(event, 'consumer-restart');
    const envelope = goodEnvelope(event, 'before restart');
    await publishEnvelope(event, envelope);
    await waitFor(() => first.attempts.length === 1, 'the first event is applied');
    await waitFor(() => settled('consumer-restart'), 'the first event is acked');
    await first.consumer.stop();

    // Published while no consumer runs; the durable remembers where it was.
    const missed = goodEnvelope(event, 'while stopped');
    await publishEnvelope(event, missed);
    const second = await startConsumer(event, 'consumer-restart');
    await waitFor(() => second.attempts.length === 1, 'the missed event is handled');
    await waitFor(() => settled('consumer-restart'), 'the missed event is acked');
    expect(second.attempts.map((attempt) => attempt.id)).toEqual([missed.id]);
    expect(await appliedCount(kit, 'consumer-restart', envelope.id)).toBe(1);
    expect(await appliedCount(kit, 'consumer-restart', missed.id)).toBe(1);
  }, 30_000);

  it('retries a handler that throws twice, then applies the event once', async () => {
    const event = widgetEvent();
    const { logger, lines } = captureLogger();
    const { attempts } = await startConsumer(
      event,
      'consumer-retry',
      (attempt) => {
        if (attempt.delivery <= 2) throw new Error(`transient failure ${attempt.delivery}`);
      },
      { backoffMs: [50, 50], logger },
    );
    const envelope = goodEnvelope(event);
    await publishEnvelope(event, envelope);

    await waitFor(() => attempts.length === 3, 'the third delivery');
    await waitFor(() => settled('consumer-retry'), 'the message is acked');
    expect(attempts.map((attempt) => attempt.id)).toEqual([envelope.id, envelope.id, envelope.id]);
    // The two failed attempts rolled back their writes; only the successful one committed.
    expect(await appliedCount(kit, 'consumer-retry', envelope.id)).toBe(1);
    expect(await inboxCount(kit, 'consumer-retry', envelope.id)).toBe(1);
    const retries = lines.filter((line) => line.msg === 'event handler failed; will retry');
    expect(retries.map((line) => line.deliveries)).toEqual([1, 2]);
    expect(retries.map((line) => line.retry_in_ms)).toEqual([50, 50]);
  }, 30_000);

  it("rolls back the handler's writes and the inbox row together when the handler throws", async () => {
    const event = widgetEvent();
    const { logger, lines } = captureLogger();
    const { attempts } = await startConsumer(
      event,
      'consumer-rollback',
      () => {
        throw new Error('handler always fails after writing');
      },
      { maxDeliver: 2, backoffMs: [50], logger },
    );
    const envelope = goodEnvelope(event);
    await publishEnvelope(event, envelope);

    await waitFor(() => lines.some((line) => line.msg === 'event given up after max deliveries'), 'the consumer gives up');
    expect(attempts).toHaveLength(2);
    expect(await appliedCount(kit, 'consumer-rollback', envelope.id)).toBe(0);
    expect(await inboxCount(kit, 'consumer-rollback', envelope.id)).toBe(0);
    expect(lines.find((line) => line.msg === 'event given up after max deliveries')).toMatchObject({
      level: 50,
      consumer: 'consumer-rollback',
      event_id: envelope.id,
      deliveries: 2,
    });
  }, 30_000);

  it('logs poison messages (bad JSON, bad envelope, data failing its schema), never hands them to the handler, and keeps processing later good messages', async () => {
    const event = widgetEvent();
    const { logger, lines } = captureLogger();
    const { attempts } = await startConsumer(event, 'consumer-poison', () => {}, { logger });

    await publishEnvelope(event, '{"this is": not json');
    await publishEnvelope(event, envelopeFor(event, { widget_id: 'not-a-uuid', name: '' }));
    await publishEnvelope(event, JSON.stringify({ id: randomUUID(), type: event.name }));
    const good = goodEnvelope(event, 'after the poison');
    await publishEnvelope(event, good);

    await waitFor(async () => (await appliedCount(kit, 'consumer-poison', good.id)) === 1, 'the good message is applied');
    expect(attempts.map((attempt) => attempt.id)).toEqual([good.id]);
    const poison = lines.filter((line) => line.msg === 'poison message terminated: it does not match its schema');
    expect(poison).toHaveLength(3);
    expect(poison.every((line) => line.level === 50 && line.subject === eventSubject(kit.prefix, event.name))).toBe(true);
  }, 30_000);

  it('terminates a poison message at once: it is neither ack-pending nor redelivered', async () => {
    const event = widgetEvent();
    const { attempts } = await startConsumer(event, 'consumer-poison-term');
    await publishEnvelope(event, '{"this is": not json');
    await publishEnvelope(event, envelopeFor(event, { widget_id: 'not-a-uuid', name: '' }));
    const good = goodEnvelope(event, 'after the poison');
    await publishEnvelope(event, good);

    await waitFor(() => attempts.length === 1, 'the good message is applied');
    await waitFor(() => settled('consumer-poison-term'), 'every message is acked or terminated');
    const info = await consumerInfo('consumer-poison-term');
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
  }, 30_000);

  it('terminates an event given up after max deliveries at once', async () => {
    const event = widgetEvent();
    const { logger, lines } = captureLogger();
    await startConsumer(
      event,
      'consumer-giveup-term',
      () => {
        throw new Error('always fails');
      },
      { maxDeliver: 2, backoffMs: [50], logger },
    );
    await publishEnvelope(event, goodEnvelope(event));
    await waitFor(() => lines.some((line) => line.msg === 'event given up after max deliveries'), 'the consumer gives up');
    await waitFor(() => settled('consumer-giveup-term'), 'the message is terminated');
  }, 30_000);

  it('acks a redelivered event already in its inbox without running the handler again', async () => {
    const event = widgetEvent();
    const { logger, lines } = captureLogger();
    const { attempts } = await startConsumer(event, 'consumer-dedupe', () => {}, { logger });

    // The same envelope twice under different Nats-Msg-Ids: JetStream keeps both.
    const envelope = goodEnvelope(event);
    const firstAck = await publishEnvelope(event, envelope, { msgID: randomUUID() });
    const secondAck = await publishEnvelope(event, envelope, { msgID: randomUUID() });
    expect(secondAck.duplicate).toBe(false);
    expect(secondAck.seq).toBeGreaterThan(firstAck.seq);

    await waitFor(async () => (await consumerInfo('consumer-dedupe')).delivered.stream_seq >= secondAck.seq, 'both copies are delivered');
    await waitFor(() => settled('consumer-dedupe'), 'both copies are acked');
    expect(attempts).toHaveLength(1);
    expect(await appliedCount(kit, 'consumer-dedupe', envelope.id)).toBe(1);
    expect(await inboxCount(kit, 'consumer-dedupe', envelope.id)).toBe(1);
    const outcomes = lines.filter((line) => line.msg === 'event consumed' && line.event_id === envelope.id).map((line) => line.outcome);
    expect(outcomes).toEqual(['applied', 'duplicate']);
  }, 30_000);

  it('recognises an event already in the inbox from an earlier run', async () => {
    const event = widgetEvent();
    const envelope = goodEnvelope(event);
    await query(kit, `insert into "${kit.schema}"."inbox_message" ("consumer", "event_id") values (?, ?)`, ['consumer-inbox', envelope.id]);
    const { attempts } = await startConsumer(event, 'consumer-inbox');
    await publishEnvelope(event, envelope);
    const barrier = goodEnvelope(event, 'barrier');
    await publishEnvelope(event, barrier);

    await waitFor(() => attempts.length === 1, 'the barrier is applied');
    await waitFor(() => settled('consumer-inbox'), 'both are acked');
    expect(attempts.map((attempt) => attempt.id)).toEqual([barrier.id]);
    expect(await appliedCount(kit, 'consumer-inbox', envelope.id)).toBe(0);
  }, 30_000);

  it('keeps one inbox per consumer: two durables each apply the same event once', async () => {
    const event = widgetEvent();
    const one = await startConsumer(event, 'consumer-one');
    const two = await startConsumer(event, 'consumer-two');
    const envelope = goodEnvelope(event);
    await publishEnvelope(event, envelope);

    await waitFor(() => settled('consumer-one'), 'the first consumer acks the event');
    await waitFor(() => settled('consumer-two'), 'the second consumer acks the event');
    expect(one.attempts.map((attempt) => attempt.id)).toEqual([envelope.id]);
    expect(two.attempts.map((attempt) => attempt.id)).toEqual([envelope.id]);
    expect(await appliedCount(kit, 'consumer-one', envelope.id)).toBe(1);
    expect(await appliedCount(kit, 'consumer-two', envelope.id)).toBe(1);
  }, 30_000);

  it('runs the handler with the X-Request-Id of the message as its request id', async () => {
    const event = widgetEvent();
    const { attempts } = await startConsumer(event, 'consumer-request-id');
    const traced = goodEnvelope(event, 'traced');
    const untraced = goodEnvelope(event, 'untraced');
    await publishEnvelope(event, traced, { requestId: 'req-consumer-42' });
    await publishEnvelope(event, untraced);

    await waitFor(() => attempts.length === 2, 'both events are applied');
    expect(attempts[0]).toMatchObject({ id: traced.id, requestId: 'req-consumer-42' });
    // Without the header the handler still runs in a context of its own, with a fresh id.
    expect(attempts[1]?.id).toBe(untraced.id);
    expect(attempts[1]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempts[1]?.requestId).not.toBe('req-consumer-42');
  }, 30_000);
});
