import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { eventStreamName } from '@sv/contracts';
import { ensureEventStream } from '../src/nats/streams.ts';

/*
 * The event stream on a three-node JetStream cluster, as production runs it (deploy/k8s/nats):
 * three real nats-server processes on loopback, routed to each other, each with its own store.
 */

/** A port nothing listens on now (the kit's tests may not use the test harness package). */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let dir: string;
const servers: ChildProcess[] = [];
let nc: NatsConnection;

const natsServer = spawnSync('sh', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server'], { encoding: 'utf8' }).stdout.trim().split('\n')[0]!;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sv-nats-cluster-'));
  const clientPorts = [await freePort(), await freePort(), await freePort()];
  const routePorts = [await freePort(), await freePort(), await freePort()];
  for (let i = 0; i < 3; i++) {
    const config = join(dir, `n${i}.conf`);
    await writeFile(
      config,
      [
        `server_name: n${i}`,
        `listen: 127.0.0.1:${clientPorts[i]}`,
        `jetstream { store_dir: "${join(dir, `store-${i}`)}" }`,
        `cluster { name: test, listen: 127.0.0.1:${routePorts[i]}, routes: [${routePorts.map((port) => `nats-route://127.0.0.1:${port}`).join(', ')}] }`,
      ].join('\n'),
    );
    servers.push(spawn(natsServer, ['-c', config], { stdio: 'ignore' }));
  }
  nc = await connect({ servers: clientPorts.map((port) => `nats://127.0.0.1:${port}`), maxReconnectAttempts: -1, reconnectTimeWait: 200, waitOnFirstConnect: true });
  // The cluster has a JetStream meta leader once the three have found each other.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const info = await nc.request('$JS.API.INFO', '', { timeout: 2_000 }).then((msg) => msg.json<{ error?: unknown }>(), () => ({ error: 'no answer' }));
    if (!info.error) break;
    if (Date.now() > deadline) throw new Error('the three-node cluster did not elect a JetStream leader in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 90_000);

afterAll(async () => {
  await nc?.close();
  for (const server of servers) server.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('the event stream on a three-node cluster', () => {
  it('is created in three copies when asked for three', async () => {
    const jsm = await ensureEventStream(nc, 't.replicas3', { replicas: 3 });
    const info = await jsm.streams.info(eventStreamName('t.replicas3'));
    expect(info.config.num_replicas).toBe(3);
    expect(1 + (info.cluster?.replicas?.length ?? 0)).toBe(3);
  });

  it('raises a stream made in one copy (before the cluster grew) to three at the next start', async () => {
    const jsm = await ensureEventStream(nc, 't.grown', {});
    expect((await jsm.streams.info(eventStreamName('t.grown'))).config.num_replicas).toBe(1);
    await ensureEventStream(nc, 't.grown', { replicas: 3 });
    expect((await jsm.streams.info(eventStreamName('t.grown'))).config.num_replicas).toBe(3);
  });
});
