/*
 * The fault run (`npm run -s chaos`): a platform of its own (its own database, subject prefix and
 * NATS server) under a steady stream of releases driven through create, upload, submit, approve,
 * QC and delivery to a store over SFTP, with a webhook receiver subscribed; meanwhile, in turn,
 * the catalogue (an outbox relay's service), the NATS server, the webhooks service (a consumer)
 * and a gateway replica are killed (SIGKILL) and started again. Then it waits for quiet and counts,
 * per event id, what every durable consumer applied and what reached the receiver.
 * Progress goes to stderr; stdout carries the figures and a last line of JSON.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import sharp from 'sharp';
// Only the port helper: the harness itself reads the bus's address when it loads (below).
import { freePort } from '@sv/testing/free-port';
import { startChaosBus } from './chaos-bus.ts';
import { countConsumers, durableConsumers, recordedEvents, unpublishedCount, type RecordedEvent } from './event-ledger.ts';
import { failoverApi, type FailoverApi, type GatewayPool } from './failover-api.ts';

const { values: flags } = parseArgs({
  options: { duration: { type: 'string', default: '120' }, drivers: { type: 'string', default: '2' }, quiet: { type: 'string', default: '300' } },
});
const DRIVE_SECONDS = Math.max(30, Math.min(3600, Number(flags.duration)));
const DRIVERS = Math.max(1, Math.min(8, Number(flags.drivers)));
const QUIET_LIMIT_SECONDS = Math.max(60, Math.min(3600, Number(flags.quiet)));
/** What the webhook subscribes to: the release's life and every store's stages. */
const WEBHOOK_PATTERNS = ['release.*', 'release.dsp.*.*'];

const started = Date.now();
const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const progress = (line: string): void => void process.stderr.write(`chaos ${elapsed()}: ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The bus of this run: its own directory of credentials and store, its own port. The harness
// reads both from the environment when it loads, so they are set before it is imported.
const busDir = await mkdtemp(join(tmpdir(), 'sv-chaos-bus-'));
const busPort = await freePort();
process.env.SV_NATS_STATE_DIR = busDir;
process.env.SV_TEST_NATS_URL = `nats://127.0.0.1:${busPort}`;
const testing = await import('@sv/testing');

const layout = testing.writeLocalBus({ host: '127.0.0.1', port: busPort }, busDir);
const bus = await startChaosBus(layout.configFile, busPort, progress);

interface Fault {
  what: string;
  at: string;
  down_ms: number;
}
const faults: Fault[] = [];
let retries = 0;
const retryReasons = new Map<string, number>();

const cleanups: (() => Promise<unknown>)[] = [async () => bus.stop(), async () => rm(busDir, { recursive: true, force: true })];
const cleanUp = async (): Promise<void> => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => progress(`clean-up: ${String(error)}`));
};
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.once('SIGTERM', () => void cleanUp().then(() => process.exit(143)));

try {
  progress(`starting the platform (catalogue, supply-chain, webhooks, delivery over SFTP, two gateways) on ${bus.url}`);
  const world = await testing.startDeliveryWorld({ SV_DELIVERY_TICK_MS: '500' });
  cleanups.push(() => world.stop());
  const platform = world.platform;
  await platform.startGateway();
  const pool: GatewayPool = { urls: platform.gateways.map((gateway) => gateway.url) };

  const tenantId = String((await platform.adminOk('tenant', 'create', '--slug', 'chaos', '--name', 'Chaos Label')).tenant.uuid);
  const artistId = String((await platform.adminOk('artist', 'create', '--tenant', 'chaos', '--name', 'Chaos Artist', '--slug', 'chaos-artist')).artist.uuid);
  const key = String((await platform.adminOk('key', 'create', '--tenant', 'chaos', '--role', 'owner', '--roster')).key);
  const api: FailoverApi = failoverApi(testing.apiRequest, pool, key, 120_000, (why) => {
    retries++;
    const reason = why.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{uuid}');
    retryReasons.set(reason, (retryReasons.get(reason) ?? 0) + 1);
  });

  const receiver = await testing.startReceiver({ ok: () => ({ status: 200 }) });
  cleanups.push(() => receiver.close());
  const subscribedAt = new Date();
  const subscription = await api('/v1/webhooks', { body: { name: 'chaos receiver', url: receiver.url('/ok/chaos'), events: WEBHOOK_PATTERNS } });
  if (subscription.status !== 201) throw new Error(`webhook subscription refused: ${subscription.status} ${subscription.text}`);

  const audio = await readFile(await testing.writeTone(join(world.files, 'chaos.wav'), { seconds: 3 }));
  const cover = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#663399' } }).jpeg({ quality: 80 }).toBuffer();

  const outcome = { releases: 0, failed: 0, failures: new Map<string, number>() };
  const expectStatus = (response: { status: number; text: string }, statuses: number[], what: string): void => {
    if (!statuses.includes(response.status)) throw new Error(`${what}: ${response.status} ${response.text.slice(0, 200)}`);
  };
  /** A transition (submit, approve): a retried one that the first attempt already made answers 409; the status tells. */
  const transition = async (releaseId: string, action: string, reached: string[]): Promise<void> => {
    const response = await api(`/v1/releases/${releaseId}/${action}`, { method: 'POST' });
    if (response.status === 200) return;
    const status = String((await api(`/v1/releases/${releaseId}`)).body?.release?.status);
    if (!reached.includes(status)) throw new Error(`${action}: ${response.status} ${response.text.slice(0, 200)} (status ${status})`);
  };
  const driveRelease = async (n: number): Promise<void> => {
    const created = await api('/v1/releases', {
      body: { title: `Chaos ${n}`, type: 'single', release_date: '2027-02-01', genre: 'Pop', artist_id: artistId, label: 'Chaos Label' },
    });
    expectStatus(created, [201], 'release create');
    const releaseId = String(created.body.release.uuid);
    const track = await api(`/v1/releases/${releaseId}/tracks`, { body: { title: `Chaos ${n} song`, position: 1, explicit: false } });
    expectStatus(track, [201], 'track create');
    const audioForm = new FormData();
    audioForm.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'song.wav');
    expectStatus(await api(`/v1/tracks/${String(track.body.track.uuid)}/audio`, { method: 'POST', raw: audioForm }), [200], 'audio upload');
    const coverForm = new FormData();
    coverForm.append('artwork', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg');
    expectStatus(await api(`/v1/releases/${releaseId}/artwork`, { method: 'POST', raw: coverForm }), [200], 'artwork upload');
    expectStatus(await api(`/v1/releases/${releaseId}/dsps`, { body: { dsps: ['spotify'] } }), [200], 'attach store');
    await transition(releaseId, 'submit', ['pending', 'qc_inspection', 'approved', 'live', 'rejected']);
    await transition(releaseId, 'approve', ['qc_inspection', 'approved', 'live', 'rejected']);
  };

  const driveStart = Date.now();
  const driveEnd = driveStart + DRIVE_SECONDS * 1000;
  let counter = 0;
  const drivers = Array.from({ length: DRIVERS }, async () => {
    while (Date.now() < driveEnd) {
      const n = ++counter;
      try {
        await driveRelease(n);
        outcome.releases++;
      } catch (error) {
        outcome.failed++;
        const reason = (error as Error).message.slice(0, 160);
        outcome.failures.set(reason, (outcome.failures.get(reason) ?? 0) + 1);
        progress(`release ${n} not completed: ${reason}`);
      }
    }
  });

  // The faults, in turn, spread over the drive: each part killed outright, then started again.
  const fault = async (what: string, kill: () => Promise<void>, restart: () => Promise<unknown>): Promise<void> => {
    const at = elapsed();
    progress(`fault: killing ${what}`);
    const down = Date.now();
    await kill();
    await sleep(3_000);
    await restart();
    faults.push({ what, at, down_ms: Date.now() - down });
    progress(`fault: ${what} is back after ${Date.now() - down} ms`);
  };
  const schedule = [
    () => fault('catalogue (outbox relay)', () => platform.catalogue!.kill(), () => platform.startCatalogue()),
    () => fault('nats-server', () => bus.kill(), () => bus.start()),
    () => fault('webhooks (consumer)', () => platform.webhooks!.kill(), () => platform.startWebhooks()),
    async () => {
      const victim = platform.gateways[1]!;
      await fault(
        'gateway replica',
        async () => {
          pool.urls.splice(pool.urls.indexOf(victim.url), 1);
          await victim.process.kill();
        },
        async () => pool.urls.push((await platform.startGateway()).url),
      );
    },
  ];
  const faultRun = (async () => {
    for (const [index, step] of schedule.entries()) {
      const due = driveStart + ((index + 1) * DRIVE_SECONDS * 1000) / (schedule.length + 1);
      await sleep(Math.max(0, due - Date.now()));
      await step();
    }
  })();
  await Promise.all([...drivers, faultRun]);
  progress(`drive over: ${outcome.releases} releases through approve, ${outcome.failed} not completed; waiting for quiet`);

  // Quiet: every outbox published, JetStream holding nothing for any consumer, no webhook or store delivery pending.
  const db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
  cleanups.push(() => db.end());
  const nc = await testing.connectTestNats();
  cleanups.push(() => nc.close());
  const jsm = await jetstreamManager(nc);
  const quietDeadline = Date.now() + QUIET_LIMIT_SECONDS * 1000;
  let calm = 0;
  let quiet = false;
  while (Date.now() < quietDeadline) {
    const unpublished = await unpublishedCount(db);
    const held = (await durableConsumers(jsm, platform.subjectPrefix)).reduce((sum, consumer) => sum + consumer.pending, 0);
    const webhooksPending = Number((await db.query<{ n: string }>(`select count(*) as "n" from "webhooks"."delivery" where "status" = 'pending'`)).rows[0]!.n);
    const storePending = Number((await db.query<{ n: string }>(`select count(*) as "n" from "delivery"."delivery" where "state" in ('queued', 'sending')`)).rows[0]!.n);
    const busy = unpublished + held + webhooksPending + storePending;
    calm = busy === 0 ? calm + 1 : 0;
    if (calm >= 3) {
      quiet = true;
      break;
    }
    if (busy > 0) progress(`not quiet yet: ${unpublished} unpublished, ${held} held by consumers, ${webhooksPending} webhook and ${storePending} store deliveries pending`);
    await sleep(2_000);
  }
  progress(quiet ? 'quiet; counting' : `not quiet after ${QUIET_LIMIT_SECONDS} s; counting what there is`);

  const events: RecordedEvent[] = await recordedEvents(db);
  const consumers = await countConsumers(db, jsm, platform.subjectPrefix, events);
  const matches = (pattern: string, type: string): boolean => {
    const wanted = pattern.split('.');
    const actual = type.split('.');
    return wanted.length === actual.length && wanted.every((segment, i) => segment === '*' || segment === actual[i]);
  };
  const forReceiver = events.filter(
    (event) => event.tenantId === tenantId && event.recordedAt >= subscribedAt && WEBHOOK_PATTERNS.some((pattern) => matches(pattern, event.type)),
  );
  const receivedIds = receiver.at('/ok/chaos').map((request) => request.eventId);
  const receivedSet = new Set(receivedIds);
  const notReceived = forReceiver.filter((event) => !receivedSet.has(event.id));
  const unknownReceived = [...receivedSet].filter((id) => !events.some((event) => event.id === id));
  const doubledDeliveries = Number(
    (await db.query<{ n: string }>(`select count(*) as "n" from (select 1 from "webhooks"."delivery" group by "subscription_id", "event_id" having count(*) > 1) d`)).rows[0]!.n,
  );

  const lostAtConsumers = consumers.reduce((sum, consumer) => sum + consumer.missing.length, 0);
  const lost = lostAtConsumers + notReceived.length;
  const duplicated = consumers.reduce((sum, consumer) => sum + consumer.doubled, 0) + doubledDeliveries + unknownReceived.length;

  const bySchema = new Map<string, number>();
  for (const event of events) bySchema.set(event.schema, (bySchema.get(event.schema) ?? 0) + 1);
  const lines = [
    `chaos: ${DRIVE_SECONDS} s of load by ${DRIVERS} drivers through ${pool.urls.length} gateways; Node ${process.version}`,
    `releases driven through approve: ${outcome.releases} (${outcome.failed} not completed)`,
    ...[...outcome.failures].map(([reason, count]) => `  not completed x${count}: ${reason}`),
    `requests sent again (refused connection, 502, 503, 429, key in progress): ${retries}`,
    ...[...retryReasons].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([reason, count]) => `  x${count}: ${reason}`),
    'faults (SIGKILL, 3 s down, started again):',
    ...faults.map((item) => `  at ${item.at}: ${item.what}, back after ${item.down_ms} ms`),
    `events recorded: ${events.length} (${[...bySchema].map(([schema, count]) => `${schema} ${count}`).join(', ')}); ${quiet ? 'quiet reached' : 'quiet NOT reached'}`,
    'consumer                         filter                               expected  applied  missing  doubled',
    ...consumers.map(
      (consumer) =>
        `${consumer.consumer.padEnd(32)} ${consumer.filter.replace(platform.subjectPrefix, '<prefix>').padEnd(36)} ${String(consumer.expected).padStart(8)} ${String(consumer.applied).padStart(8)} ${String(consumer.missing.length).padStart(8)} ${String(consumer.doubled).padStart(8)}`,
    ),
    `webhook receiver: ${forReceiver.length} events expected, ${receivedSet.size} received (${receivedIds.length - receivedSet.size} sent again: at-least-once, same event id), ${notReceived.length} missing`,
    ...notReceived.slice(0, 10).map((event) => `  missing at the receiver: ${event.type} ${event.id}`),
    ...consumers.flatMap((consumer) => consumer.missing.slice(0, 5).map((id) => `  missing at ${consumer.consumer}: ${events.find((event) => event.id === id)?.type} ${id}`)),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.stdout.write(
    `${JSON.stringify({
      events: events.length,
      lost,
      duplicated,
      quiet,
      releases: outcome.releases,
      releases_not_completed: outcome.failed,
      retried_requests: retries,
      consumers: Object.fromEntries(consumers.map((consumer) => [consumer.consumer, { expected: consumer.expected, applied: consumer.applied, missing: consumer.missing.length, doubled: consumer.doubled }])),
      webhook: { expected: forReceiver.length, received: receivedSet.size, repeated: receivedIds.length - receivedSet.size, missing: notReceived.length },
      faults,
      seconds: Math.round((Date.now() - started) / 1000),
    })}\n`,
  );
  await cleanUp();
  process.exit(lost === 0 && duplicated === 0 && quiet ? 0 : 1);
} catch (error) {
  progress(`failed: ${(error as Error).stack ?? String(error)}`);
  await cleanUp();
  process.exit(1);
}
