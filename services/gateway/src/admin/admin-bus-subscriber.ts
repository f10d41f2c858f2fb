import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { nkeys } from '@nats-io/transport-node';
import { BUS_SUBSCRIBER_NAME, ENVIRONMENTS, subscriberAccountUser, subscriberInboxPrefix, type BusSubscriber, type Environment } from '@sv/contracts';
import { DomainError, parseOrThrow, readLocalBusSubscribers, recordLocalBusSubscribers } from '@sv/platform';
import { z } from 'zod';
import type { AdminCommand } from './admin-commands.ts';

/*
 * `bus subscriber --name N [--events P,…] [--consumers C,…]`: mints an internal subscriber's
 * credentials (an nkey) that may read the environment's events (or the patterns given) through
 * durable consumers of its own, and nothing else; `--revoke` withdraws them; `bus subscribers`
 * lists them. The seed is printed once and never stored. With `--bus-state DIR` (the local bus's
 * directory, ~/.local/state/sv/nats) the subscriber is recorded there, the server configuration
 * rewritten and the running server reloaded; the bring-up applies the record again whenever it
 * rewrites the configuration. Without it (production) the printed `nats_user` goes into the
 * environment's account of the server configuration (deploy/k8s/nats, docs/subscribers.md).
 */

const list = (what: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter((item) => item.length > 0))
    .describe(what);

const name = z.string().regex(BUS_SUBSCRIBER_NAME, 'lowercase letters, digits and hyphens, starting with a letter (40 at most)').describe("the subscriber's name (its inbox prefix and default consumer)");
const busState = z.string().min(1).optional().describe('the local bus directory (~/.local/state/sv/nats): record the subscriber there and reload the server');
const eventPattern = /^[a-z0-9_-]+(\.([a-z0-9_-]+|\*))*(\.>)?$|^>$/;

const SubscriberFlags = z.object({
  name,
  events: list('event names or patterns it may read, comma-separated (release.approved,release.dsp.*.live); every event when absent'),
  consumers: list("its durable consumers' names, comma-separated; its name when absent"),
  revoke: z.boolean().optional().describe('withdraw the credentials instead of minting them'),
  'bus-state': busState,
});
const ListFlags = z.object({ 'bus-state': busState });

/** Asks the local server (when the bring-up started one) to read its configuration again. */
const reloadLocalServer = (directory: string): boolean => {
  const pidFile = join(directory, 'nats-server.pid');
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGHUP');
    return true;
  } catch {
    return false;
  }
};

/** Records the subscribers, applies them and reloads the server. */
const saveLocally = (directory: string, environment: Environment, subscribers: BusSubscriber[]): { config_file: string; reloaded: boolean } => {
  const changed = recordLocalBusSubscribers(directory, environment, subscribers);
  return { config_file: join(directory, 'nats.conf'), reloaded: changed && reloadLocalServer(directory) };
};

const environmentOf = (env: string): Environment => {
  if (!(ENVIRONMENTS as readonly string[]).includes(env)) throw new DomainError('bad_request', `--env: ${env} is not an environment.`);
  return env as Environment;
};

const present = (subscriber: BusSubscriber) => ({
  name: subscriber.name,
  public_key: subscriber.nkey,
  events: subscriber.events.length > 0 ? subscriber.events : ['>'],
  consumers: subscriber.consumers,
  inbox_prefix: subscriberInboxPrefix(subscriber.name),
  created_at: subscriber.created_at,
  revoked_at: subscriber.revoked_at,
});

export const busSubscriberCommand: AdminCommand = {
  summary: "Mints an internal subscriber's bus credentials (read events, own durable consumers; nothing else) and prints them once; --revoke withdraws them.",
  flags: SubscriberFlags,
  example: 'bus subscriber --name release-tracker --events release.approved,release.dsp.*.live --bus-state ~/.local/state/sv/nats',
  run: async ({ bus }, flags) => {
    const input = parseOrThrow(SubscriberFlags, flags);
    const environment = environmentOf(bus.environment);
    const bad = input.events.find((pattern) => !eventPattern.test(pattern));
    if (bad) throw new DomainError('bad_request', `--events: ${bad} is not an event name or pattern (tokens separated by dots, * for one token, > last).`);
    const badConsumer = input.consumers.find((consumer) => !BUS_SUBSCRIBER_NAME.test(consumer));
    if (badConsumer) throw new DomainError('bad_request', `--consumers: ${badConsumer} is not a consumer name (lowercase letters, digits and hyphens).`);
    const directory = input['bus-state'] === undefined ? undefined : resolve(input['bus-state']);
    const recorded = directory ? readLocalBusSubscribers(directory, environment) : [];
    const current = recorded.find((subscriber) => subscriber.name === input.name && subscriber.revoked_at === null);

    if (input.revoke) {
      if (!directory) throw new DomainError('bad_request', '--revoke needs --bus-state (in production remove its user from the account, see docs/subscribers.md).');
      if (!current) throw new DomainError('not_found', `No active subscriber ${input.name} in ${environment}.`);
      const revoked = { ...current, revoked_at: new Date().toISOString() };
      const applied = saveLocally(directory, environment, recorded.map((subscriber) => (subscriber === current ? revoked : subscriber)));
      return { result: { subscriber: present(revoked), ...applied }, text: `Revoked ${input.name} in ${environment}${applied.reloaded ? '; the bus reloaded' : ''}.` };
    }

    if (current) throw new DomainError('conflict', `Subscriber ${input.name} already exists in ${environment}: revoke it first to mint new credentials.`);
    const key = nkeys.createUser();
    const subscriber: BusSubscriber = {
      name: input.name,
      nkey: key.getPublicKey(),
      events: input.events,
      consumers: input.consumers.length > 0 ? input.consumers : [input.name],
      created_at: new Date().toISOString(),
      revoked_at: null,
    };
    const applied = directory ? saveLocally(directory, environment, [...recorded, subscriber]) : undefined;
    const seed = new TextDecoder().decode(key.getSeed());
    return {
      result: {
        subscriber: present(subscriber),
        // Shown once: the subscriber connects with it (nats.js nkeyAuthenticator); only the public key is kept.
        seed,
        subject_prefix: bus.subjectPrefix,
        nats_user: subscriberAccountUser(subscriber, bus.subjectPrefix),
        ...(applied ?? {}),
      },
      text: [
        `Subscriber ${input.name} in ${environment}: ${subscriber.nkey}`,
        `seed (shown once): ${seed}`,
        applied ? `recorded in ${directory}${applied.reloaded ? '; the bus reloaded' : ''}` : 'add nats_user (in the JSON printed when stdout is not a terminal) to the environment\'s account of the server configuration',
      ].join('\n'),
    };
  },
};

export const busSubscribersCommand: AdminCommand = {
  summary: "Lists the local bus's internal subscribers of the environment, revoked ones too.",
  flags: ListFlags,
  example: 'bus subscribers --bus-state ~/.local/state/sv/nats',
  run: async ({ bus }, flags) => {
    const input = parseOrThrow(ListFlags, flags);
    if (input['bus-state'] === undefined) throw new DomainError('bad_request', '--bus-state is required: production keeps its subscribers in the server configuration.');
    const subscribers = readLocalBusSubscribers(resolve(input['bus-state']), environmentOf(bus.environment)).map(present);
    return { result: { subscribers }, text: subscribers.map((item) => `${item.name}\t${item.revoked_at ? 'revoked' : 'active'}\t${item.events.join(',')}`).join('\n') };
  },
};
