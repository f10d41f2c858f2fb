import { randomUUID } from 'node:crypto';
import { eventSubject, type EventDefinition } from '@sv/contracts';
import { OutboxRelay, recordEvent, startEventConsumer, type EventConsumer } from '../src/index.ts';
import {
  Widget,
  envelopeFor,
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

/** Long enough that nothing in a test can be the poll's doing: only a wake-up publishes. */
const HOUR_MS = 3_600_000;

let kit: Kit;
const relays: OutboxRelay[] = [];
const consumers: EventConsumer[] = [];

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

const newRelay = (intervalMs: number): OutboxRelay => {
  const relay = new OutboxRelay({ orm: kit.orm, js: kit.js, schema: kit.schema, subjectPrefix: kit.prefix, logger: silentLogger(), intervalMs });
  relays.push(relay);
  return relay;
};

/** A widget and its event, committed by one flush of this process's ORM: the commit wakes the relay. */
const commitWithEvent = async (event: WidgetEvent, name: string): Promise<string> => {
  const em = kit.orm.em.fork();
  const widget = em.create(Widget, { id: randomUUID(), name });
  const envelope = recordEvent(em, event, randomUUID(), { widget_id: widget.id, name });
  await em.flush();
  return envelope.id;
};

/**
 * An outbox row committed with plain SQL, outside any unit of work: no commit watcher hears of it,
 * as of a row written by another replica, or by this one while its wake-up is down.
 */
const commitUnheard = async (event: WidgetEvent, name: string): Promise<string> => {
  const envelope = envelopeFor(event, { widget_id: randomUUID(), name });
  await query(
    kit,
    `insert into "${kit.schema}"."outbox_event" ("id", "type", "tenant_id", "envelope", "created_at", "published_at") values (?, ?, ?, ?::jsonb, now(), null)`,
    [envelope.id, envelope.type, envelope.tenant_id, JSON.stringify(envelope)],
  );
  return envelope.id;
};

const published = async (id: string): Promise<boolean> =>
  (await query<{ published_at: Date | null }>(kit, `select "published_at" from "${kit.schema}"."outbox_event" where "id" = ?`, [id]))[0]?.published_at != null;

/** Starts the relay and returns once its first run (the one at start) is over: `marker` was published by it. */
const startAndSettle = async (relay: OutboxRelay, event: WidgetEvent): Promise<void> => {
  const marker = await commitUnheard(event, 'marker');
  relay.start();
  await waitFor(() => published(marker), 'the run at start to publish what was waiting');
};

describe('outbox relay: woken by the commit, the poll only a safety net', () => {
  it('a commit that writes an outbox row wakes the relay, also once it was stopped and started again; its hour-long poll plays no part', async () => {
    const event = widgetEvent();
    const seen: string[] = [];
    consumers.push(
      await startEventConsumer({
        nc: kit.nc,
        orm: kit.orm,
        schema: kit.schema,
        subjectPrefix: kit.prefix,
        durable: 'outbox-wake',
        event,
        logger: silentLogger(),
        handle: async (_em, consumed) => void seen.push(consumed.id),
      }),
    );
    const relay = newRelay(HOUR_MS);
    await startAndSettle(relay, event);

    const first = await commitWithEvent(event, 'woken');
    await waitFor(() => published(first), 'the commit to wake the relay');
    await waitFor(() => seen.includes(first), 'the consumer to get the event');

    // Stopped and started again: the new run is woken by commits as the first was.
    await relay.stop();
    await startAndSettle(relay, event);
    const second = await commitWithEvent(event, 'woken after a restart');
    await waitFor(() => published(second), 'the commit to wake the restarted relay');
    await waitFor(() => seen.includes(second), 'the consumer to get the second event');
    expect(seen.filter((id) => id === first || id === second)).toEqual([first, second]);
  }, 60_000);

  it('a wake-up takes the rows whose own wake-up never came along with its own', async () => {
    const event = widgetEvent();
    const relay = newRelay(HOUR_MS);
    await startAndSettle(relay, event);

    const missed = await commitUnheard(event, 'missed');
    const woken = await commitWithEvent(event, 'wakes the relay');
    await waitFor(async () => (await published(woken)) && (await published(missed)), 'both rows to be published by the woken run');
    expect(await streamMessageCount(kit, eventSubject(kit.prefix, event.name))).toBe(3);
  }, 60_000);

  it('nothing is lost when no wake-up ever comes: the safety-net poll publishes the row', async () => {
    const event = widgetEvent();
    const relay = newRelay(100);
    await startAndSettle(relay, event);

    const unheard = await commitUnheard(event, 'never announced');
    await waitFor(() => published(unheard), 'the poll to publish the row no commit announced');
    expect(await streamMessageCount(kit, eventSubject(kit.prefix, event.name))).toBe(2);
  }, 60_000);

  it('a stopped relay is not woken by commits, and publishes what they wrote once started again', async () => {
    const event = widgetEvent();
    const relay = newRelay(HOUR_MS);
    await startAndSettle(relay, event);
    await relay.stop();

    const whileStopped = await commitWithEvent(event, 'written while the relay is stopped');
    expect(await published(whileStopped)).toBe(false);
    relay.start();
    await waitFor(() => published(whileStopped), 'the run at start to publish the row');
  }, 60_000);
});
