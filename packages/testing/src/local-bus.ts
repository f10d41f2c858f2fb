import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { connect, nkeys, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import { BUS_IDENTITIES, ENVIRONMENTS, busAccountUsers, type Environment } from '@sv/contracts';
import { authenticatorFromFile, isDialTimeout } from '@sv/platform';
import { TEST_NATS_URL } from './isolation.ts';

/**
 * The local NATS server's accounts and credentials, shared by every checkout on this machine (as
 * its Postgres is): one account per environment, one nkey per identity, permissions from the
 * contracts. Local runs use many subject prefixes (one per test run), so the permissions match
 * any two-token prefix; the account still keeps the environments apart.
 */
export const localBusDirectory = (): string => process.env.SV_NATS_STATE_DIR ?? join(homedir(), '.local', 'state', 'sv', 'nats');

/** Tests' own identity: every subject of its account (it inspects and cleans up streams). */
export const HARNESS_IDENTITY = 'harness';
const LOCAL_PREFIX_PATTERN = '*.*';

export type LocalBusIdentity = (typeof BUS_IDENTITIES)[number] | typeof HARNESS_IDENTITY;

/** The seed file of one identity in one environment's account. */
export const localBusCredentials = (environment: Environment, identity: LocalBusIdentity, directory = localBusDirectory()): string =>
  join(directory, environment, `${identity}.nk`);

/** The identity's public key, its seed written first when missing (readable by its owner only). */
export const publicKeyOf = (path: string): string => {
  if (!existsSync(path)) writeFileSync(path, `${new TextDecoder().decode(nkeys.createUser().getSeed())}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return nkeys.fromSeed(new TextEncoder().encode(readFileSync(path, 'utf8').trim())).getPublicKey();
};

export interface LocalBusLayout {
  directory: string;
  configFile: string;
  /** True when the configuration file was written anew (a running server must reload it). */
  changed: boolean;
}

/** Seconds a new connection has to send its credentials before the server closes it. */
const AUTHORIZATION_TIMEOUT_SECONDS = 10;

/** Writes seeds that are missing and the server configuration; idempotent. */
export const writeLocalBus = (listen: { host: string; port: number }, directory = localBusDirectory()): LocalBusLayout => {
  const accounts: Record<string, unknown> = {};
  for (const environment of ENVIRONMENTS) {
    mkdirSync(join(directory, environment), { recursive: true, mode: 0o700 });
    const keys = Object.fromEntries(BUS_IDENTITIES.map((identity) => [identity, publicKeyOf(localBusCredentials(environment, identity, directory))]));
    const users = [
      ...busAccountUsers(keys as Record<(typeof BUS_IDENTITIES)[number], string>, LOCAL_PREFIX_PATTERN),
      { nkey: publicKeyOf(localBusCredentials(environment, HARNESS_IDENTITY, directory)) },
    ];
    accounts[environment.toUpperCase()] = { jetstream: 'enabled', users };
  }
  const config = {
    listen: `${listen.host}:${listen.port}`,
    // The server closes a connection that has not introduced itself within the authorization
    // timeout (2 s by default): a client on a two-core machine running the whole suite has been
    // slower than that, and its CONNECT then met a closed socket (EPIPE).
    authorization: { timeout: AUTHORIZATION_TIMEOUT_SECONDS },
    jetstream: { store_dir: join(directory, 'jetstream') },
    accounts,
  };
  const configFile = join(directory, 'nats.conf');
  const text = `# Written by the bring-up from the contracts' bus permissions; edits are overwritten.\n${JSON.stringify(config, null, 2)}\n`;
  const changed = !existsSync(configFile) || readFileSync(configFile, 'utf8') !== text;
  if (changed) writeFileSync(configFile, text, { mode: 0o600 });
  return { directory, configFile, changed };
};

/** A process's credentials variable for the local bus, when the bring-up has written them. */
export const localBusEnv = (environment: Environment, identity: LocalBusIdentity): Record<string, string> => {
  const path = localBusCredentials(environment, identity);
  return existsSync(path) ? { SV_NATS_CREDENTIALS: path } : {};
};

/** One attempt at a connection, then a fresh one: see connectTestNats. */
const DIAL_ATTEMPT_MS = 15_000;
const DIAL_ATTEMPTS = 5;

/**
 * A test's own connection to the local bus, with the harness identity of the environment's account.
 * On a loaded machine the shared server has been seen to leave one new connection unanswered for a
 * minute while others went through, so each attempt is short and a stuck one is replaced by a new
 * dial rather than waited on.
 */
export const connectTestNats = async (environment: Environment = 'production', options: Omit<ConnectionOptions, 'servers' | 'authenticator'> = {}): Promise<NatsConnection> => {
  const path = localBusCredentials(environment, HARNESS_IDENTITY);
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect({
        servers: TEST_NATS_URL,
        timeout: DIAL_ATTEMPT_MS,
        ...options,
        ...(existsSync(path) ? { authenticator: authenticatorFromFile(path) } : {}),
      });
    } catch (error) {
      if (!isDialTimeout(error) || attempt >= DIAL_ATTEMPTS) throw error;
      process.stderr.write(`NATS dial ${attempt} of ${DIAL_ATTEMPTS} (${environment}) unanswered in ${DIAL_ATTEMPT_MS} ms; dialling again\n`);
    }
  }
};
