import type { z } from 'zod';
import { accessChangedSubject } from './access-changes.ts';
import { catalogueDataChangedSubject } from './data-changes.ts';
import { AnimatedArtworkEvents } from './animated-artwork.ts';
import { ArtistEvents } from './artists.ts';
import { CreditEvents } from './credits.ts';
import { AnyDspStageEvent, DeliveryEvents } from './delivery.ts';
import type { EventDefinition } from './events.ts';
import { FinanceEvents } from './finance.ts';
import { IngestionEvents } from './ingestion.ts';
import { LocalizationEvents } from './localizations.ts';
import { ReleaseEvents } from './releases.ts';
import { RightsEvents } from './rights.ts';
import { RoyaltyEvents } from './royalties.ts';
import { SupplyChainConfigEvents } from './supply-chain-config.ts';
import { SupplyChainEvents } from './supply-chain.ts';
import { apiSubject, eventStreamName, eventSubject, type ServiceName } from './subjects.ts';
import { TrackEvents } from './tracks.ts';
import { VideoEvents } from './videos.ts';

/**
 * Who connects to an environment's bus, each with credentials of its own: the running services and
 * the operator command. Nothing else inside the cluster is trusted for where it connects from.
 */
export const BUS_IDENTITIES = ['gateway', 'catalogue', 'supply-chain', 'delivery', 'webhooks', 'ingestion', 'royalties', 'analytics', 'admin'] as const;
export type BusIdentity = (typeof BUS_IDENTITIES)[number] | ServiceName;

/** Replies to an identity's requests come to inboxes under this prefix, which only it may read. */
export const busInboxPrefix = (identity: string): string => `_INBOX.${identity}`;

type AnyEvent = EventDefinition<z.ZodType>;

interface BusRole {
  /** Services whose api subject this identity sends requests to. */
  calls: readonly ServiceName[] | 'all';
  /** Events this identity records (through its outbox) and so may publish. */
  publishes: readonly AnyEvent[];
  /** Answers requests on its own api subject. */
  answers: boolean;
  /** Reads and creates the environment's event stream and its durable consumers. */
  jetstream: boolean;
  /** Announces (admin) or hears (gateway) credential changes. */
  accessChanges: 'announce' | 'hear' | 'none';
  /** Announces (catalogue) or hears (gateway) changes of a tenant's catalogue rows; absent: neither. */
  catalogueChanges?: 'announce' | 'hear';
}

const events = (...groups: Record<string, AnyEvent>[]): AnyEvent[] => groups.flatMap((group) => Object.values(group));

/**
 * Least privilege per identity: only the gateway may call every service (it carries the callers'
 * principals); a service calls only the services it needs and publishes only the events it owns.
 */
export const BUS_ROLES: Record<(typeof BUS_IDENTITIES)[number], BusRole> = {
  gateway: { calls: 'all', publishes: [], answers: true, jetstream: true, accessChanges: 'hear', catalogueChanges: 'hear' },
  catalogue: {
    calls: ['supply-chain', 'gateway'],
    publishes: events(ArtistEvents, ReleaseEvents, TrackEvents, VideoEvents, AnimatedArtworkEvents, CreditEvents, RightsEvents, LocalizationEvents),
    answers: true,
    jetstream: true,
    accessChanges: 'none',
    catalogueChanges: 'announce',
  },
  'supply-chain': { calls: ['catalogue'], publishes: events(SupplyChainEvents, SupplyChainConfigEvents), answers: true, jetstream: true, accessChanges: 'none' },
  delivery: {
    calls: ['catalogue', 'supply-chain', 'gateway'],
    publishes: [...events(DeliveryEvents), AnyDspStageEvent],
    answers: true,
    jetstream: true,
    accessChanges: 'none',
  },
  webhooks: { calls: ['supply-chain'], publishes: [], answers: true, jetstream: true, accessChanges: 'none' },
  ingestion: { calls: ['catalogue', 'supply-chain', 'delivery'], publishes: events(IngestionEvents), answers: true, jetstream: true, accessChanges: 'none' },
  royalties: { calls: ['catalogue', 'gateway'], publishes: events(RoyaltyEvents, FinanceEvents), answers: true, jetstream: true, accessChanges: 'none' },
  // Reads royalty statements' facts when one completes; resolves report rows and releases against the catalogue.
  analytics: { calls: ['catalogue', 'royalties', 'gateway'], publishes: [], answers: true, jetstream: true, accessChanges: 'none' },
  // Every service for `status` (readiness over the bus); the rest of what it asks is the commands'.
  admin: { calls: ['gateway', 'catalogue', 'supply-chain', 'delivery', 'webhooks', 'ingestion', 'analytics', 'royalties'], publishes: [], answers: false, jetstream: false, accessChanges: 'announce' },
};

export interface SubjectPermissions {
  publish: string[];
  subscribe: string[];
}

/**
 * The subjects `identity` may publish and subscribe to under `prefix`. `prefix` is the
 * environment's (`sv.production`); a local server that hosts many test runs passes `*.*`, and
 * each environment is still an account of its own.
 */
export const busPermissions = (identity: (typeof BUS_IDENTITIES)[number], prefix: string): SubjectPermissions => {
  const role = BUS_ROLES[identity];
  const stream = prefix.includes('*') ? '*' : eventStreamName(prefix);
  const jetstream = role.jetstream
    ? [
        '$JS.API.INFO',
        `$JS.API.STREAM.INFO.${stream}`,
        `$JS.API.STREAM.CREATE.${stream}`,
        `$JS.API.CONSUMER.CREATE.${stream}.>`,
        `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
        `$JS.API.CONSUMER.INFO.${stream}.>`,
        `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
        `$JS.ACK.${stream}.>`,
      ]
    : [];
  return {
    publish: [
      ...(role.calls === 'all' ? [`${prefix}.api.>`] : role.calls.map((service) => apiSubject(prefix, service))),
      ...role.publishes.map((event) => eventSubject(prefix, event.name)),
      ...jetstream,
      ...(role.accessChanges === 'announce' ? [accessChangedSubject(prefix)] : []),
      ...(role.catalogueChanges === 'announce' ? [catalogueDataChangedSubject(prefix)] : []),
    ],
    subscribe: [
      `${busInboxPrefix(identity)}.>`,
      ...(role.answers ? [apiSubject(prefix, identity as ServiceName)] : []),
      ...(role.accessChanges === 'hear' ? [accessChangedSubject(prefix)] : []),
      ...(role.catalogueChanges === 'hear' ? [catalogueDataChangedSubject(prefix)] : []),
    ],
  };
};

/** One user of a NATS server's account configuration: its public nkey and, unless unrestricted, its permissions. */
export interface BusAccountUser {
  nkey: string;
  permissions?: { publish: { allow: string[] }; subscribe: { allow: string[] }; allow_responses: true };
}

/**
 * An environment's account for the NATS server configuration: each identity's public key with its
 * permissions under `prefix`. Replies to requests an identity received are allowed (allow_responses),
 * never publishing to other inboxes.
 */
export const busAccountUsers = (publicKeys: Record<(typeof BUS_IDENTITIES)[number], string>, prefix: string): BusAccountUser[] =>
  BUS_IDENTITIES.map((identity) => {
    const permissions = busPermissions(identity, prefix);
    return { nkey: publicKeys[identity], permissions: { publish: { allow: permissions.publish }, subscribe: { allow: permissions.subscribe }, allow_responses: true } };
  });

/**
 * An internal subscriber: a consumer of the environment's events outside the platform (a data
 * team's job, a notifier), with its own nkey. It reads events and keeps durable consumers of its
 * own on the event stream; it publishes nothing and calls no service.
 */
export interface BusSubscriber {
  name: string;
  /** Its public nkey; the seed is handed to the subscriber once and never stored. */
  nkey: string;
  /** Event names or patterns under `<prefix>.events.` (`release.approved`, `release.dsp.*.live`); empty: every event. */
  events: string[];
  /** Durable consumers it may create and read; NATS permissions match whole tokens, so they are listed by name. */
  consumers: string[];
  created_at: string;
  revoked_at: string | null;
}

/** A subscriber's name: one subject token, so it can name a durable consumer and an inbox. */
export const BUS_SUBSCRIBER_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** Replies (pulled events, consumer info) come to the subscriber's inboxes under this prefix. */
export const subscriberInboxPrefix = (name: string): string => `_INBOX.subscriber.${name}`;

/**
 * What a subscriber may do under `prefix`: create, read, acknowledge and delete its own durable
 * consumers on the event stream (filtered to its event patterns when it has any, the filter being
 * a token of the create subject) and read its inbox and the events it may see. No api subject, no
 * event subject to publish, no other consumer.
 */
export const subscriberPermissions = (subscriber: Pick<BusSubscriber, 'name' | 'events' | 'consumers'>, prefix: string): SubjectPermissions => {
  const stream = prefix.includes('*') ? '*' : eventStreamName(prefix);
  const filters = subscriber.events.length > 0 ? subscriber.events.map((pattern) => eventSubject(prefix, pattern)) : undefined;
  const perConsumer = (consumer: string): string[] => [
    ...(filters
      ? filters.map((filter) => `$JS.API.CONSUMER.CREATE.${stream}.${consumer}.${filter}`)
      : [`$JS.API.CONSUMER.CREATE.${stream}.${consumer}`, `$JS.API.CONSUMER.CREATE.${stream}.${consumer}.>`, `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${consumer}`]),
    `$JS.API.CONSUMER.INFO.${stream}.${consumer}`,
    `$JS.API.CONSUMER.DELETE.${stream}.${consumer}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${consumer}`,
    `$JS.ACK.${stream}.${consumer}.>`,
  ];
  return {
    publish: [`$JS.API.STREAM.INFO.${stream}`, ...subscriber.consumers.flatMap(perConsumer)],
    subscribe: [`${subscriberInboxPrefix(subscriber.name)}.>`, ...(filters ?? [`${prefix}.events.>`])],
  };
};

/** A subscriber as a user of the NATS server's account configuration. */
export interface BusSubscriberUser {
  nkey: string;
  permissions: { publish: { allow: string[] }; subscribe: { allow: string[] } };
}

export const subscriberAccountUser = (subscriber: BusSubscriber, prefix: string): BusSubscriberUser => {
  const permissions = subscriberPermissions(subscriber, prefix);
  return { nkey: subscriber.nkey, permissions: { publish: { allow: permissions.publish }, subscribe: { allow: permissions.subscribe } } };
};

/**
 * An account's users with the subscribers' applied: every user whose key a subscriber holds (a
 * revoked one too) is dropped, then the active subscribers are added, so applying is idempotent
 * and revoking removes the user.
 */
export const withBusSubscribers = <TUser extends { nkey?: string }>(users: TUser[], subscribers: BusSubscriber[], prefix: string): (TUser | BusSubscriberUser)[] => {
  const keys = new Set(subscribers.map((subscriber) => subscriber.nkey));
  return [
    ...users.filter((user) => user.nkey === undefined || !keys.has(user.nkey)),
    ...subscribers.filter((subscriber) => subscriber.revoked_at === null).map((subscriber) => subscriberAccountUser(subscriber, prefix)),
  ];
};
