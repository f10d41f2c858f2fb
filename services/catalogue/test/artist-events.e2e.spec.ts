import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type Consumer, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { API_REVISION, EventEnvelope, eventStreamName, eventSubject } from '@sv/contracts';
import { connectTestNats } from '@sv/testing';
import { suffix, useCatalogueWorld, type Api } from './support/catalogue-world.ts';

/*
 * Artist changes made through the gateway reach JetStream as events (through the catalogue's
 * outbox and relay), read here by a durable consumer of the test's own, as any subscriber would.
 */

type Artist = { uuid: string; name: string; slug: string };

interface ReceivedEvent {
  subject: string;
  msgId: string | undefined;
  requestId: string | undefined;
  envelope: Record<string, any>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DURABLE = 'artist-events-e2e';

const world = useCatalogueWorld();
let nc: NatsConnection;
let jsm: JetStreamManager;
let consumer: Consumer;
let stream: string;
let tenantA: { uuid: string; key: Api };
let tenantB: { uuid: string; key: Api };
let apiA: Api;
let apiB: Api;

const newTenant = async (slug: string): Promise<{ uuid: string; key: Api }> => {
  const uuid = await world.tenant(slug);
  return { uuid, key: await world.key(slug, 'owner') };
};

beforeAll(async () => {
  [tenantA, tenantB] = await Promise.all([newTenant('events-a'), newTenant('events-b')]);
  apiA = tenantA.key;
  apiB = tenantB.key;

  nc = await connectTestNats();
  jsm = await jetstreamManager(nc);
  stream = eventStreamName(world.platform.subjectPrefix);
  await jsm.consumers.add(stream, {
    durable_name: DURABLE,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: eventSubject(world.platform.subjectPrefix, 'artist.>'),
  });
  consumer = await jetstream(nc).consumers.get(stream, DURABLE);
}, 120_000);

afterAll(async () => {
  await nc?.close();
}, 180_000);

/** The next artist event on the stream, waiting for the relay to publish it. */
const nextEvent = async (): Promise<ReceivedEvent> => {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const msg = await consumer.next({ expires: 2_000 });
    if (!msg) continue;
    await msg.ackAck();
    return {
      subject: msg.subject,
      msgId: msg.headers?.get('Nats-Msg-Id'),
      requestId: msg.headers?.get('X-Request-Id'),
      envelope: msg.json<Record<string, any>>(),
    };
  }
  throw new Error('no artist event arrived');
};

const createArtist = async (api: Api, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const response = await api<{ artist: Artist }>('/v1/artists', { method: 'POST', body, headers });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return { artist: response.body.artist, requestId: response.headers.get('x-request-id') };
};

const expectEnvelope = (event: ReceivedEvent, type: string, tenantId: string, artist: Artist) => {
  expect(event.subject).toBe(`${world.platform.subjectPrefix}.events.${type}`);
  expect(event.envelope).toEqual({
    id: expect.stringMatching(UUID),
    type,
    tenant_id: tenantId,
    occurred_at: expect.any(String),
    api_version: '2026-05-18',
    data: { artist_id: artist.uuid, name: artist.name, slug: artist.slug },
  });
  expect(API_REVISION).toBe('2026-05-18');
  expect(EventEnvelope.safeParse(event.envelope).success).toBe(true);
  expect(new Date(event.envelope.occurred_at).toISOString()).toBe(event.envelope.occurred_at);
  // Published with Nats-Msg-Id = event id, so a relay retry is de-duplicated.
  expect(event.msgId).toBe(event.envelope.id);
};

describe('artist events', () => {
  it('publishes artist.created, artist.updated and artist.deleted with the event envelope', async () => {
    const { artist, requestId } = await createArtist(
      apiA,
      { name: 'Evented', slug: `evented-${suffix()}`, bio: 'not in the event' },
      { 'X-Request-Id': 'req-artist-events-1' },
    );
    expect(requestId).toBe('req-artist-events-1');
    const created = await nextEvent();
    expectEnvelope(created, 'artist.created', tenantA.uuid, artist);
    expect(created.requestId).toBe('req-artist-events-1');

    const patched = await apiA<{ artist: Artist }>(`/v1/artists/${artist.uuid}`, {
      method: 'PATCH',
      body: { name: 'Evented Renamed', slug: `renamed-${suffix()}` },
    });
    expect(patched.status).toBe(200);
    const updated = await nextEvent();
    expectEnvelope(updated, 'artist.updated', tenantA.uuid, patched.body.artist);
    expect(updated.envelope.id).not.toBe(created.envelope.id);
    expect(updated.requestId).toBe(patched.headers.get('x-request-id'));

    const put = await apiA<{ artist: Artist }>(`/v1/artists/${artist.uuid}`, { method: 'PUT', body: { name: 'Evented Put' } });
    expect(put.status).toBe(200);
    expectEnvelope(await nextEvent(), 'artist.updated', tenantA.uuid, put.body.artist);

    expect((await apiA(`/v1/artists/${artist.uuid}`, { method: 'DELETE' })).status).toBe(204);
    expectEnvelope(await nextEvent(), 'artist.deleted', tenantA.uuid, put.body.artist);
  }, 180_000);

  it("carries the tenant of the artist's owner", async () => {
    const { artist } = await createArtist(apiB, { name: 'Other Label Artist', slug: `other-${suffix()}` });
    expectEnvelope(await nextEvent(), 'artist.created', tenantB.uuid, artist);
  }, 30_000);

  it('publishes nothing for a rejected request (422, 409, 404)', async () => {
    const { artist: existing } = await createArtist(apiA, { name: 'Existing', slug: `existing-${suffix()}` });
    expectEnvelope(await nextEvent(), 'artist.created', tenantA.uuid, existing);
    const { artist: neighbour } = await createArtist(apiA, { name: 'Neighbour', slug: `neighbour-${suffix()}` });
    expectEnvelope(await nextEvent(), 'artist.created', tenantA.uuid, neighbour);

    const rejected = [
      await apiA('/v1/artists', { method: 'POST', body: { name: 'No slug' } }),
      await apiA('/v1/artists', { method: 'POST', body: { name: 'Bad', slug: 'Bad Slug' } }),
      await apiA('/v1/artists', { method: 'POST', body: { name: 'Clash', slug: existing.slug } }),
      await apiA(`/v1/artists/${existing.uuid}`, { method: 'PATCH', body: { name: 'Renamed', country: 'Sweden' } }),
      await apiA(`/v1/artists/${existing.uuid}`, { method: 'PUT', body: { slug: neighbour.slug } }),
      await apiB(`/v1/artists/${existing.uuid}`, { method: 'PATCH', body: { name: 'Not yours' } }),
      await apiB(`/v1/artists/${existing.uuid}`, { method: 'DELETE' }),
    ];
    expect(rejected.map((response) => response.status)).toEqual([422, 422, 409, 422, 409, 404, 404]);

    // The relay publishes in commit order: had a rejected request recorded an event, it would come first.
    const { artist: barrier } = await createArtist(apiA, { name: 'Barrier', slug: `barrier-${suffix()}` });
    expectEnvelope(await nextEvent(), 'artist.created', tenantA.uuid, barrier);
    const info = await jsm.consumers.info(stream, DURABLE);
    expect(info.num_pending).toBe(0);
    expect(info.num_ack_pending).toBe(0);
  }, 180_000);
});
