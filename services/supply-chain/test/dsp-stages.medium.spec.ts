import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { API_REVISION, eventStreamName, eventSubject, type DspStage, type EventEnvelope } from '@sv/contracts';
import type { ServiceRuntime } from '@sv/platform';
import { TEST_NATS_URL, connectTestNats, createTestDatabase, localBusEnv, uniqueSubjectPrefix, type TestDatabase } from '@sv/testing';
import pg from 'pg';
import { readConfig } from '../src/config.ts';
import { startSupplyChain } from '../src/service.ts';

/*
 * The per-DSP status follows the lifecycle: supply-chain runs in this process with its durable
 * consumer on a real database and JetStream; the test publishes release.dsp.<slug>.<stage>
 * envelopes as the delivery service's outbox would, and reads release_dsp.
 */

let db: TestDatabase;
let sql: pg.Client;
let nc: NatsConnection;
let service: ServiceRuntime;
const prefix = uniqueSubjectPrefix();
const tenantA = randomUUID();
const tenantB = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase('scstage');
  service = await startSupplyChain(
    readConfig({
      SV_DATABASE_URL: db.url,
      SV_NATS_URL: TEST_NATS_URL,
      SV_SUBJECT_PREFIX: prefix,
      SV_HEALTH_PORT: '0',
      SV_LOG_LEVEL: 'silent',
      SV_LOCAL_DEVELOPMENT: '1',
      ...localBusEnv('production', 'supply-chain'),
    }),
    { relay: false },
  );
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  nc = await connectTestNats();
}, 120_000);

afterAll(async () => {
  await service?.stop();
  if (nc) {
    await (await jetstreamManager(nc)).streams.delete(eventStreamName(prefix)).catch(() => false);
    await nc.close();
  }
  await sql?.end();
  await db?.drop();
}, 60_000);

const DSP_IDS: Record<string, number> = { spotify: 1, deezer: 7, tidal: 8 };

/** A live (or removed) store of a release's selection, as the selection writes it. */
const attach = async (tenantId: string, releaseId: string, slug: string, options: { deleted?: boolean } = {}): Promise<string> => {
  const id = randomUUID();
  await sql.query(
    `insert into "supply_chain"."release_dsp" ("id", "tenant_id", "release_id", "dsp_id", "status", "is_blocked", "created_at", "updated_at", "deleted_at")
     values ($1, $2, $3, $4, 'pending', false, now(), now(), $5)`,
    [id, tenantId, releaseId, DSP_IDS[slug], options.deleted ? new Date() : null],
  );
  return id;
};

interface Row {
  status: string;
  status_changed_at: Date | null;
  updated_at: Date;
}

const rowOf = async (id: string): Promise<Row> =>
  (await sql.query<Row>(`select "status", "status_changed_at", "updated_at" from "supply_chain"."release_dsp" where "id" = $1`, [id])).rows[0] as Row;

const envelope = (tenantId: string | null, releaseId: string, slug: string, stage: DspStage, occurredAt: string, id = randomUUID()): EventEnvelope => ({
  id,
  type: `release.dsp.${slug}.${stage}`,
  tenant_id: tenantId,
  occurred_at: occurredAt,
  api_version: API_REVISION,
  data: { release_id: releaseId, dsp: slug, stage, delivery_id: null },
});

/** Publishes as the outbox relay does: one message per event on its subject. */
const publish = async (event: EventEnvelope, msgID = event.id): Promise<void> => {
  await jetstream(nc).publish(eventSubject(prefix, event.type), JSON.stringify(event), { msgID });
};

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the consumer');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * Publishes a marker event for a store of its own and waits until it is applied: the consumer
 * takes messages in stream order, so everything published before has been handled too.
 */
const settle = async (): Promise<void> => {
  const releaseId = randomUUID();
  const marker = await attach(tenantA, releaseId, 'spotify');
  await publish(envelope(tenantA, releaseId, 'spotify', 'live', new Date().toISOString()));
  await waitFor(async () => (await rowOf(marker)).status === 'live');
};

describe('release_dsp.status from release.dsp.<slug>.<stage>', () => {
  it('moves a store from pending to submitted when it enters the pipeline (delivered), with the event time', async () => {
    const releaseId = randomUUID();
    const spotify = await attach(tenantA, releaseId, 'spotify');
    const deezer = await attach(tenantA, releaseId, 'deezer');
    await publish(envelope(tenantA, releaseId, 'spotify', 'delivered', '2027-01-10T10:00:00.000Z'));
    await waitFor(async () => (await rowOf(spotify)).status === 'submitted');
    expect((await rowOf(spotify)).status_changed_at).toEqual(new Date('2027-01-10T10:00:00.000Z'));
    // Only the store the event names moves.
    expect((await rowOf(deezer)).status).toBe('pending');
  });

  it('takes every other stage as the status itself, in order', async () => {
    const releaseId = randomUUID();
    const tidal = await attach(tenantA, releaseId, 'tidal');
    const stages: DspStage[] = ['submitted', 'accepted', 'live', 'update_submitted', 'updated', 'takedown_submitted', 'taken_down'];
    for (const [index, stage] of stages.entries()) {
      await publish(envelope(tenantA, releaseId, 'tidal', stage, `2027-01-10T10:00:0${index}.000Z`));
      await waitFor(async () => (await rowOf(tidal)).status === stage);
    }
  });

  it('ignores an event older than the one that set the status (a late redelivery never moves a store back)', async () => {
    const releaseId = randomUUID();
    const spotify = await attach(tenantA, releaseId, 'spotify');
    await publish(envelope(tenantA, releaseId, 'spotify', 'live', '2027-01-12T00:00:00.000Z'));
    await publish(envelope(tenantA, releaseId, 'spotify', 'accepted', '2027-01-11T00:00:00.000Z'));
    await publish(envelope(tenantA, releaseId, 'spotify', 'submitted', '2027-01-10T00:00:00.000Z'));
    await settle();
    expect(await rowOf(spotify)).toMatchObject({ status: 'live', status_changed_at: new Date('2027-01-12T00:00:00.000Z') });
    // A later one still applies.
    await publish(envelope(tenantA, releaseId, 'spotify', 'update_submitted', '2027-01-13T00:00:00.000Z'));
    await waitFor(async () => (await rowOf(spotify)).status === 'update_submitted');
  });

  it('applies an event once, however often it is delivered', async () => {
    const releaseId = randomUUID();
    const deezer = await attach(tenantA, releaseId, 'deezer');
    const event = envelope(tenantA, releaseId, 'deezer', 'accepted', '2027-01-10T00:00:00.000Z');
    await publish(event);
    await waitFor(async () => (await rowOf(deezer)).status === 'accepted');
    const applied = await rowOf(deezer);
    // The same event again, past JetStream's own de-duplication (another message id).
    await publish(event, randomUUID());
    await publish(event, randomUUID());
    await settle();
    expect(await rowOf(deezer)).toEqual(applied);
    const inbox = await sql.query(`select count(*)::int as "n" from "supply_chain"."inbox_message" where "event_id" = $1`, [event.id]);
    expect(inbox.rows[0].n).toBe(1);
  });

  it("touches only the event's tenant and live rows; events about nothing attached are no error", async () => {
    const releaseId = randomUUID();
    const mine = await attach(tenantA, releaseId, 'spotify');
    const theirs = await attach(tenantB, releaseId, 'spotify');
    const removed = await attach(tenantA, releaseId, 'tidal', { deleted: true });
    await publish(envelope(tenantB, releaseId, 'spotify', 'live', '2027-01-10T00:00:00.000Z'));
    await publish(envelope(tenantA, releaseId, 'tidal', 'live', '2027-01-10T00:00:00.000Z'));
    await publish(envelope(tenantA, randomUUID(), 'deezer', 'live', '2027-01-10T00:00:00.000Z'));
    await publish(envelope(null, releaseId, 'spotify', 'live', '2027-01-10T00:00:00.000Z'));
    await settle();
    expect((await rowOf(theirs)).status).toBe('live');
    expect((await rowOf(mine)).status).toBe('pending');
    expect((await rowOf(removed)).status).toBe('pending');
  });
});
