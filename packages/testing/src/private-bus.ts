import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import type { Environment } from '@sv/contracts';
import { authenticatorFromFile } from '@sv/platform';
import { freePort } from './free-port.ts';
import { HARNESS_IDENTITY, localBusCredentials, writeLocalBus } from './local-bus.ts';
import { spawnNatsServer, stopNatsServer } from './nats-server-process.ts';

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

export const startPrivateBus = async (): Promise<PrivateBus> => {
  const directory = await mkdtemp(join(tmpdir(), 'sv-private-bus-'));
  const port = await freePort();
  const { configFile } = writeLocalBus({ host: '127.0.0.1', port }, directory);
  const child = await spawnNatsServer(['-c', configFile, '-P', join(directory, 'nats-server.pid')], port).catch(async (error: unknown) => {
    await rm(directory, { recursive: true, force: true });
    throw error;
  });
  const stop = async (): Promise<void> => {
    await stopNatsServer(child);
    await rm(directory, { recursive: true, force: true });
  };
  const url = `nats://127.0.0.1:${port}`;
  return {
    url,
    directory,
    connect: (environment = 'production', options = {}) =>
      connect({ servers: url, ...options, authenticator: authenticatorFromFile(localBusCredentials(environment, HARNESS_IDENTITY, directory)) }),
    stop,
  };
};
