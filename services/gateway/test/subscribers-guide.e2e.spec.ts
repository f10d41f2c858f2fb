import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventStreamName, eventSubject } from '@sv/contracts';
import { ensureEventStream } from '@sv/platform';
import { startPrivateBus, uniqueSubjectPrefix, type PrivateBus } from '@sv/testing';
import { busSubscriberCommand } from '../src/admin/admin-bus-subscriber.ts';
import type { AdminContext } from '../src/admin/admin-commands.ts';

/*
 * docs/subscribers.md's nats.js subscriber, run as the guide shows it with credentials minted by
 * `bus subscriber`: it follows one release from release.approved to its first store going live,
 * skipping other releases' events. Minting reloads the server, so the file has a server of its own.
 */

const REPOSITORY = new URL('../../../', import.meta.url);
const guide = readFileSync(new URL('docs/subscribers.md', REPOSITORY), 'utf8');
const script = /```js\n([\s\S]*?)\n```/.exec(guide)?.[1];

const prefix = uniqueSubjectPrefix();
const stream = eventStreamName(prefix);
const name = `g-${randomBytes(4).toString('hex')}`;
// Beside the repository's node_modules, so the script's imports resolve as the guide says.
const scriptFile = new URL(`var/follow-release-${name}.mjs`, REPOSITORY);

let bus: PrivateBus;
let context: AdminContext;
let harness: NatsConnection;

beforeAll(async () => {
  bus = await startPrivateBus();
  context = { bus: { url: bus.url, environment: 'production', subjectPrefix: prefix } } as Pick<AdminContext, 'bus'> as AdminContext;
  harness = await bus.connect();
  await ensureEventStream(harness, prefix);
}, 60_000);

// The subscriber, its record and the stream go with the server and its directory.
afterAll(async () => {
  rmSync(scriptFile, { force: true });
  await harness?.close();
  await bus?.stop();
});

const envelope = (type: string, data: Record<string, unknown>, occurredAt: string) => ({
  id: randomUUID(),
  type,
  tenant_id: null,
  occurred_at: occurredAt,
  api_version: '1',
  data,
});

it('follows a release from release.approved to release.dsp.<store>.live', async () => {
  expect(script).toBeDefined();
  const minted = await busSubscriberCommand.run(context, { name, events: 'release.>', 'bus-state': bus.directory });
  const { seed } = minted.result as { seed: string };

  const release = randomUUID();
  const other = randomUUID();
  const js = jetstream(harness);
  const events: [string, Record<string, unknown>][] = [
    ['release.approved', { release_id: other, title: 'Other' }],
    ['release.approved', { release_id: release, title: 'Followed' }],
    ['release.dsp.spotify.delivered', { release_id: release, dsp: 'spotify', stage: 'delivered', delivery_id: null }],
    ['release.dsp.spotify.live', { release_id: other, dsp: 'spotify', stage: 'live', delivery_id: null }],
    ['release.dsp.spotify.live', { release_id: release, dsp: 'spotify', stage: 'live', delivery_id: null }],
  ];
  for (const [index, [type, data]] of events.entries()) {
    const event = envelope(type, data, `2026-11-28T10:00:0${index}.000Z`);
    await js.publish(eventSubject(prefix, type), JSON.stringify(event), { msgID: event.id });
  }

  writeFileSync(scriptFile, `${script!}\n`);
  // The reload that admits the new key may still be under way: the run is tried again while refused.
  let output = '';
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [scriptFile.pathname], {
        env: { ...process.env, NATS_URL: bus.url, NATS_SEED: seed, SUBSCRIBER: name, PREFIX: prefix, STREAM: stream, RELEASE_ID: release },
        timeout: 60_000,
      });
      output = stdout;
      break;
    } catch (error) {
      if (attempt >= 5 || !/authorization/i.test(String((error as { stderr?: string }).stderr ?? error))) throw error;
    }
  }
  expect(output.trim().split('\n')).toEqual([
    '2026-11-28T10:00:01.000Z release.approved',
    '2026-11-28T10:00:02.000Z release.dsp.spotify.delivered',
    '2026-11-28T10:00:04.000Z release.dsp.spotify.live',
  ]);
}, 120_000);
