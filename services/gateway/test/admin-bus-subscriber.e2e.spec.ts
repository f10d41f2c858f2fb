import { randomBytes } from 'node:crypto';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, nkeyAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { apiSubject, eventStreamName, eventSubject, subscriberInboxPrefix } from '@sv/contracts';
import { ensureEventStream } from '@sv/platform';
import { eventually, startPrivateBus, uniqueSubjectPrefix, type PrivateBus } from '@sv/testing';
import { busSubscriberCommand, busSubscribersCommand } from '../src/admin/admin-bus-subscriber.ts';
import type { AdminContext } from '../src/admin/admin-commands.ts';

/*
 * `bus subscriber` against a NATS server with the platform's configuration: the minted credentials
 * are applied to the server's configuration and reloaded; they read events through a consumer of
 * their own and do nothing else; revoked, they are refused. The reloads are of a server of this
 * file's own, so they never disturb other files on the machine's shared one.
 */

const prefix = uniqueSubjectPrefix();
const stream = eventStreamName(prefix);
const name = `t-${randomBytes(4).toString('hex')}`;

let bus: PrivateBus;
let context: AdminContext;
let harness: NatsConnection;
let seed: string;
const opened: NatsConnection[] = [];

/** The subscriber's connection, once the reloaded server takes its key. */
const connectSubscriber = (): Promise<NatsConnection> =>
  eventually('the server to take the subscriber', async () => {
    const nc = await connect({ servers: bus.url, authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)), inboxPrefix: subscriberInboxPrefix(name) }).catch(() => undefined);
    if (nc) opened.push(nc);
    return nc;
  });

beforeAll(async () => {
  bus = await startPrivateBus();
  context = { bus: { url: bus.url, environment: 'production', subjectPrefix: prefix } } as Pick<AdminContext, 'bus'> as AdminContext;
  harness = await bus.connect();
  await ensureEventStream(harness, prefix);
}, 60_000);

// The subscriber, its record and the stream go with the server and its directory.
afterAll(async () => {
  await Promise.all(opened.map((nc) => nc.close().catch(() => undefined)));
  await harness?.close();
  await bus?.stop();
});

describe('bus subscriber', () => {
  it('mints credentials that read events through its own durable consumer, and nothing else', async () => {
    const minted = await busSubscriberCommand.run(context, { name, events: 'release.approved,release.dsp.*.live', 'bus-state': bus.directory });
    const result = minted.result as { seed: string; reloaded: boolean; subscriber: { name: string; events: string[] } };
    expect(result.subscriber).toMatchObject({ name, events: ['release.approved', 'release.dsp.*.live'] });
    expect(result.reloaded).toBe(true);
    seed = result.seed;
    expect(((await busSubscribersCommand.run(context, { 'bus-state': bus.directory })).result as { subscribers: { name: string }[] }).subscribers.map((item) => item.name)).toContain(name);

    await jetstream(harness).publish(eventSubject(prefix, 'release.approved'), JSON.stringify({ release_id: 'r1' }), { msgID: 'evt-1' });

    const subscriber = await connectSubscriber();
    const jsm = await jetstreamManager(subscriber, { checkAPI: false });
    await jsm.consumers.add(stream, { durable_name: name, filter_subject: eventSubject(prefix, 'release.approved'), ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All });
    const consumer = await jetstream(subscriber, { checkAPI: false }).consumers.get(stream, name);
    const message = await consumer.next({ expires: 10_000 });
    expect(message?.subject).toBe(eventSubject(prefix, 'release.approved'));
    expect(message?.headers?.get('Nats-Msg-Id')).toBe('evt-1');
    // The acknowledgement waits for the server's answer; a machine under the whole suite's load may take seconds to give it.
    await message?.ackAck({ timeout: 30_000 });

    // A consumer not named for it, one wider than its events, an api request, an event of its own: refused.
    await expect(jsm.consumers.add(stream, { durable_name: 'svc-catalogue', filter_subject: eventSubject(prefix, 'release.approved'), ack_policy: AckPolicy.Explicit })).rejects.toThrow(/permission/i);
    await expect(jsm.consumers.add(stream, { durable_name: name, filter_subject: `${prefix}.events.>`, ack_policy: AckPolicy.Explicit })).rejects.toThrow(/permission/i);
    await expect(subscriber.request(apiSubject(prefix, 'catalogue'), '{}', { timeout: 10_000 })).rejects.toThrow(/permission/i);
    await expect(jetstream(subscriber, { checkAPI: false }).publish(eventSubject(prefix, 'release.approved'), '{}', { timeout: 10_000 })).rejects.toThrow(/permission/i);
  }, 120_000);

  it('refuses the credentials once revoked', async () => {
    const revoked = await busSubscriberCommand.run(context, { name, revoke: true, 'bus-state': bus.directory });
    expect((revoked.result as { subscriber: { revoked_at: string | null } }).subscriber.revoked_at).not.toBeNull();
    const refusal = await eventually('the server to refuse the revoked subscriber', () =>
      connect({ servers: bus.url, authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)), reconnect: false }).then(
        (nc) => nc.close().then(() => undefined),
        // A connection the server closes while it reloads fails otherwise (EPIPE): dial again.
        (error: unknown) => (/authorization/i.test(String(error)) ? String(error) : undefined),
      ),
    );
    expect(refusal).toMatch(/authorization/i);
  }, 120_000);
});
