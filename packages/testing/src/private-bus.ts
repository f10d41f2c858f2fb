import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as dial } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import type { Environment } from '@sv/contracts';
import { authenticatorFromFile } from '@sv/platform';
import { freePort } from './free-port.ts';
import { HARNESS_IDENTITY, localBusCredentials, writeLocalBus } from './local-bus.ts';

/**
 * A NATS server of one test file's own, with the platform's accounts and permissions (written by
 * writeLocalBus into a directory of its own, as the bring-up writes the shared one). For tests that
 * rewrite and reload the server's configuration (`bus subscriber --bus-state`): a reload of the
 * machine's shared server disturbs the JetStream requests of every other file running beside them.
 * Its pid file is where the operator command looks for the server to reload.
 */
export interface PrivateBus {
  url: string;
  /** Its configuration, credentials, pid file and JetStream store: pass as `--bus-state`. */
  directory: string;
  /** A connection with the harness identity of the environment's account (every subject of it). */
  connect(environment?: Environment, options?: Omit<ConnectionOptions, 'servers' | 'authenticator'>): Promise<NatsConnection>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

const natsServerBinary = (): string => {
  const found = spawnSync('sh', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (!found) throw new Error('nats-server is not installed (the bring-up installs it: npm start or npm test once)');
  return found;
};

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = dial(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });

const STARTUP_MS = 30_000;
const STOP_GRACE_MS = 10_000;

const stopProcess = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
};

export const startPrivateBus = async (): Promise<PrivateBus> => {
  const directory = await mkdtemp(join(tmpdir(), 'sv-private-bus-'));
  const port = await freePort();
  const { configFile } = writeLocalBus({ host: '127.0.0.1', port }, directory);
  const child = spawn(natsServerBinary(), ['-c', configFile, '-P', join(directory, 'nats-server.pid')], { stdio: 'ignore' });
  const stop = async (): Promise<void> => {
    await stopProcess(child);
    await rm(directory, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + STARTUP_MS;
    while (!(await accepts(port))) {
      if (child.exitCode !== null) throw new Error(`the private nats-server exited (${child.exitCode}) before it listened on ${port}`);
      if (Date.now() > deadline) throw new Error(`the private nats-server did not listen on ${port} within ${STARTUP_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const url = `nats://127.0.0.1:${port}`;
  return {
    url,
    directory,
    connect: (environment = 'production', options = {}) =>
      connect({ servers: url, ...options, authenticator: authenticatorFromFile(localBusCredentials(environment, HARNESS_IDENTITY, directory)) }),
    stop,
  };
};
