import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENVIRONMENTS, withBusSubscribers, type BusSubscriber, type Environment } from '@sv/contracts';

/*
 * The internal subscribers of the local bus (its directory, ~/.local/state/sv/nats): the operator
 * command `bus subscriber --bus-state` records them there per environment and applies them to the
 * server configuration, and the bring-up applies them again after each rewrite of the
 * configuration, so a rewrite keeps them.
 */

/** The local configuration matches any two-token prefix, as the platform's own identities do there (local-bus.ts). */
const LOCAL_PREFIX_PATTERN = '*.*';

/** Where the local bus records an environment's subscribers. */
export const localBusSubscribersFile = (directory: string, environment: Environment): string => join(directory, environment, 'subscribers.json');

export const readLocalBusSubscribers = (directory: string, environment: Environment): BusSubscriber[] => {
  const path = localBusSubscribersFile(directory, environment);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as BusSubscriber[]) : [];
};

/** A running server may read the file at any moment: it sees the old text or the new, never half. */
const writeAtomically = (path: string, text: string): void => {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, path);
};

/**
 * Applies every environment's recorded subscribers to the local server configuration (nats.conf,
 * a comment line then JSON); true when the file changed. Idempotent.
 */
export const applyLocalBusSubscribers = (directory: string): boolean => {
  const path = join(directory, 'nats.conf');
  if (!existsSync(path)) return false;
  const before = readFileSync(path, 'utf8');
  const newline = before.indexOf('\n');
  const config = JSON.parse(before.slice(newline + 1)) as { accounts: Record<string, { users: { nkey?: string }[] }> };
  for (const environment of ENVIRONMENTS) {
    const account = config.accounts[environment.toUpperCase()];
    if (account) account.users = withBusSubscribers(account.users, readLocalBusSubscribers(directory, environment), LOCAL_PREFIX_PATTERN);
  }
  const after = `${before.slice(0, newline + 1)}${JSON.stringify(config, null, 2)}\n`;
  if (after === before) return false;
  writeAtomically(path, after);
  return true;
};

/** Records an environment's subscribers (all of them, revoked ones too) and applies them; true when the configuration changed. */
export const recordLocalBusSubscribers = (directory: string, environment: Environment, subscribers: BusSubscriber[]): boolean => {
  writeAtomically(localBusSubscribersFile(directory, environment), `${JSON.stringify(subscribers, null, 2)}\n`);
  return applyLocalBusSubscribers(directory);
};
