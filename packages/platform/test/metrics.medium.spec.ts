import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { eventSubject, systemPrincipal } from '@sv/contracts';
import {
  NotFoundError,
  OutboxRelay,
  callService,
  recordEvent,
  sampleOf as sample,
  totalOf,
  serveOperations,
  startEventConsumer,
  startHealthServer,
  type EventConsumer,
  type RpcServer,
} from '../src/index.ts';
import { Widget, envelopeFor, openKit, silentLogger, waitFor, widgetEvent, type Kit } from './support/kit.ts';

/* What /metrics on a probe port says about the kit's own work: operations, events, the outbox. */

let kit: Kit;
let health: Server;
let metricsUrl: string;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  kit = await openKit();
  health = await startHealthServer(0, async () => ({ db: { ok: true } }));
  metricsUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/metrics`;
}, 180_000);

afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

afterAll(async () => {
  await new Promise<void>((resolve) => health?.close(() => resolve()));
  await kit?.close();
});

const scrape = async (): Promise<string> => {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};

const writeWidgetEvent = async (event: ReturnType<typeof widgetEvent>): Promise<void> => {
  const em = kit.orm.em.fork();
  const widget = em.create(Widget, { id: randomUUID(), name: 'w' });
  recordEvent(em, event, randomUUID(), { widget_id: widget.id, name: 'w' });
  await em.flush();
};

describe('/metrics on the probe port', () => {
  it('serves Node runtime metrics beside the probes', async () => {
    const exposition = await scrape();
    expect(exposition).toMatch(/^# TYPE process_cpu_user_seconds_total counter$/m);
    expect(exposition).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect((await fetch(metricsUrl.replace('/metrics', '/health/live'))).status).toBe(200);
  });

  it('counts and times operations by operation and status; an unknown operation mints no series of its own', async () => {
    const subject = `${kit.prefix}.api.metrics-${randomUUID().slice(0, 8)}`;
    const server: RpcServer = serveOperations({
      nc: kit.nc,
      subject,
      queue: 'svc-metrics',
      service: 'metrics-test',
      logger: silentLogger(),
      operations: {
        'widgets.get': async (request) => {
          if ((request.body as { missing?: boolean } | undefined)?.missing) throw new NotFoundError('Widget not found.');
          return { status: 200, body: { success: true } };
        },
      },
    });
    stops.push(() => server.drain());
    const principal = systemPrincipal(randomUUID(), 'metrics-test');
    const ask = (operation: string, body: unknown = {}) => callService(kit.nc, subject, { operation, body, principal }, 5_000);
    await ask('widgets.get');
    await ask('widgets.get');
    await ask('widgets.get', { missing: true });
    await ask(`made-up-${randomUUID()}`);

    const exposition = await scrape();
    expect(sample(exposition, 'sv_nats_operations_total', { service: 'metrics-test', operation: 'widgets.get', status: '200' })).toBe(2);
    expect(sample(exposition, 'sv_nats_operations_total', { service: 'metrics-test', operation: 'widgets.get', status: '404' })).toBe(1);
    expect(sample(exposition, 'sv_nats_operations_total', { service: 'metrics-test', operation: 'unknown', status: '404' })).toBe(1);
    expect(exposition.split('\n').filter((line) => line.startsWith('sv_nats_operation') && line.includes('made-up-'))).toEqual([]);
    expect(sample(exposition, 'sv_nats_operation_duration_seconds_count', { service: 'metrics-test', operation: 'widgets.get' })).toBe(3);
    // The caller's side of the same requests, by the service the subject names.
    const callee = subject.slice(subject.lastIndexOf('.') + 1);
    expect(sample(exposition, 'sv_service_calls_total', { service: callee, operation: 'widgets.get', outcome: '200' })).toBe(2);
    expect(sample(exposition, 'sv_service_calls_total', { service: callee, operation: 'widgets.get', outcome: '404' })).toBe(1);
  });

  it('reports the outbox backlog and its age while publishing fails, then the published count once it does not', async () => {
    const event = widgetEvent();
    for (let index = 0; index < 3; index++) await writeWidgetEvent(event);
    const unavailable = { publish: async () => Promise.reject(new Error('nats is unavailable')) } as unknown as JetStreamClient;
    const stuck = new OutboxRelay({ orm: kit.orm, js: unavailable, schema: kit.schema, subjectPrefix: kit.prefix, logger: silentLogger(), intervalMs: 50 });
    stuck.start();
    stops.push(() => stuck.stop());
    await waitFor(async () => (sample(await scrape(), 'sv_outbox_publish_failures_total', { service: kit.schema }) ?? 0) >= 1, 'a failed publish is counted');
    const during = await scrape();
    expect(sample(during, 'sv_outbox_backlog_events', { service: kit.schema })).toBe(3);
    expect(sample(during, 'sv_outbox_oldest_pending_age_seconds', { service: kit.schema })).toBeGreaterThan(0);
    await stuck.stop();
    // A stopped relay takes its series away.
    expect(sample(await scrape(), 'sv_outbox_backlog_events', { service: kit.schema })).toBeUndefined();

    const publishedBefore = sample(await scrape(), 'sv_outbox_events_published_total', { service: kit.schema }) ?? 0;
    const working = new OutboxRelay({ orm: kit.orm, js: kit.js, schema: kit.schema, subjectPrefix: kit.prefix, logger: silentLogger(), intervalMs: 50 });
    working.start();
    stops.push(() => working.stop());
    await waitFor(async () => sample(await scrape(), 'sv_outbox_backlog_events', { service: kit.schema }) === 0, 'the backlog drains');
    const after = await scrape();
    expect(sample(after, 'sv_outbox_events_published_total', { service: kit.schema })).toBe(publishedBefore + 3);
    expect(sample(after, 'sv_outbox_oldest_pending_age_seconds', { service: kit.schema })).toBe(0);
  });

  it('counts consumed events by outcome, redeliveries, and the consumer state JetStream reports', async () => {
    const event = widgetEvent();
    const durable = `metrics-${randomUUID().slice(0, 8)}`;
    let failNext = true;
    const consumer: EventConsumer = await startEventConsumer({
      nc: kit.nc,
      orm: kit.orm,
      schema: kit.schema,
      subjectPrefix: kit.prefix,
      durable,
      event,
      logger: silentLogger(),
      backoffMs: [50],
      handle: async () => {
        if (failNext) {
          failNext = false;
          throw new Error('the first attempt fails');
        }
      },
    });
    stops.push(() => consumer.stop());
    const subject = eventSubject(kit.prefix, event.name);
    const envelope = envelopeFor(event, { widget_id: randomUUID(), name: 'w' });
    const publish = (body: unknown, id: string) => kit.js.publish(subject, JSON.stringify(body), { msgID: id, headers: natsHeaders() });
    await publish(envelope, randomUUID());
    // The same event id again under another message id: the inbox recognises it.
    await publish(envelope, randomUUID());
    await publish({ not: 'an envelope' }, randomUUID());

    await waitFor(async () => {
      const exposition = await scrape();
      return (
        sample(exposition, 'sv_events_consumed_total', { consumer: durable, event: event.name, outcome: 'duplicate' }) === 1 &&
        sample(exposition, 'sv_events_consumed_total', { consumer: durable, event: event.name, outcome: 'poison' }) === 1
      );
    }, 'the duplicate and the poison message are counted');
    const exposition = await scrape();
    expect(sample(exposition, 'sv_events_consumed_total', { consumer: durable, event: event.name, outcome: 'retry' })).toBe(1);
    expect(sample(exposition, 'sv_events_consumed_total', { consumer: durable, event: event.name, outcome: 'applied' })).toBe(1);
    expect(sample(exposition, 'sv_event_redeliveries_total', { consumer: durable })).toBe(1);
    expect(sample(exposition, 'sv_event_handle_duration_seconds_count', { consumer: durable })).toBe(2);
    expect(sample(exposition, 'sv_jetstream_consumer_pending_messages', { consumer: durable })).toBe(0);
    // The server learns of the acks a moment after they are sent.
    await waitFor(async () => sample(await scrape(), 'sv_jetstream_consumer_ack_pending_messages', { consumer: durable }) === 0, 'no ack is pending');
  });
});

describe('sampleOf', () => {
  it('finds a series by its exact label set, whatever the order, and nothing for a subset or superset', () => {
    const exposition = ['# TYPE x_total counter', 'x_total{a="1",b="two, three"} 4', 'x_total{a="1"} 2', 'y 7'].join('\n');
    expect(sample(exposition, 'x_total', { b: 'two, three', a: '1' })).toBe(4);
    expect(sample(exposition, 'x_total', { a: '1' })).toBe(2);
    expect(sample(exposition, 'x_total', { a: '2' })).toBeUndefined();
    expect(sample(exposition, 'x_total')).toBeUndefined();
    expect(sample(exposition, 'y')).toBe(7);
  });
});

describe('totalOf', () => {
  it('sums every series of a name whatever its labels, and nothing of a name that only starts the same', () => {
    const exposition = ['# TYPE x_total counter', 'x_total{a="1"} 4', 'x_total{a="2",b="3"} 2.5', 'x_total_other{a="1"} 100', 'y 7'].join('\n');
    expect(totalOf(exposition, 'x_total')).toBe(6.5);
    expect(totalOf(exposition, 'y')).toBe(7);
    expect(totalOf(exposition, 'z')).toBe(0);
  });
});
