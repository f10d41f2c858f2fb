import type { z } from 'zod';
import { AnimatedArtworkEvents } from './animated-artwork.ts';
import { ArtistEvents } from './artists.ts';
import { CreditEvents } from './credits.ts';
import { AnyDistributionStageEvent, AnyDspStageEvent, DSP_STAGES, DeliveryEvents, parseDspStageType } from './delivery.ts';
import { defineEvent, type EventDefinition } from './events.ts';
import { FinanceEvents } from './finance.ts';
import { IngestionEvents } from './ingestion.ts';
import { LocalizationEvents } from './localizations.ts';
import { ReleaseEvents } from './releases.ts';
import { RightsEvents } from './rights.ts';
import { RoyaltyEvents } from './royalties.ts';
import { SupplyChainConfigEvents } from './supply-chain-config.ts';
import { SupplyChainEvents } from './supply-chain.ts';
import { TrackEvents } from './tracks.ts';
import { VideoEvents } from './videos.ts';
import { WEBHOOK_TEST_EVENT, WebhookTestData } from './webhooks.ts';

type AnyEvent = EventDefinition<z.ZodType>;

const all = (...groups: Record<string, AnyEvent>[]): AnyEvent[] => groups.flatMap((group) => Object.values(group));

/**
 * The spec's catalogue entries no service publishes yet: subscribable and described like the rest,
 * so a subscriber written against the spec is not refused, and listed apart so that nothing
 * mistakes them for events on the bus.
 */
export const RESERVED_EVENTS: readonly EventDefinition<z.ZodType>[] = [AnyDistributionStageEvent];

/**
 * Every event published on the bus, once, and the reserved entries above, for the generated
 * descriptions (OpenAPI webhooks, AsyncAPI channels) and the subscription patterns below. The
 * per-DSP lifecycle is one entry, `release.dsp.*.*`: its slug and stage segments vary, its data
 * does not.
 */
export const EVENT_CATALOGUE: readonly EventDefinition<z.ZodType>[] = [
  ...all(
    ReleaseEvents,
    TrackEvents,
    ArtistEvents,
    VideoEvents,
    AnimatedArtworkEvents,
    CreditEvents,
    RightsEvents,
    LocalizationEvents,
    SupplyChainEvents,
    SupplyChainConfigEvents,
    DeliveryEvents,
    IngestionEvents,
    FinanceEvents,
    RoyaltyEvents,
  ),
  AnyDspStageEvent,
  ...RESERVED_EVENTS,
];

/** The one event that never crosses the bus: POST /webhooks/{uuid}/test queues it for one subscription. */
export const WebhookTestEvent = defineEvent(WEBHOOK_TEST_EVENT, WebhookTestData);

/*
 * Subscription patterns. An event name is dot-separated segments; in a pattern `*` stands for
 * exactly one segment. Everything below is derived from the catalogue above, so an event gains a
 * subscription, a GET /webhooks/event-types entry and a description in the same change.
 */

const WILDCARD = '*';
const SEGMENT = /^(\*|[a-z0-9_]+)$/;

/** `release.dsp.*.<stage>`: one store's lifecycle at one stage, the store left open. */
const dspStagePattern = (stage: string): string => {
  const [release, dsp] = AnyDspStageEvent.name.split('.');
  return [release, dsp, WILDCARD, stage].join('.');
};

/**
 * Every event a subscription can receive, as GET /webhooks/event-types lists it and the OpenAPI
 * `webhooks` section describes it: the test event, each catalogue event, and the per-DSP lifecycle
 * once per stage with `*` for the store's slug.
 */
export const SUBSCRIBABLE_EVENTS: readonly string[] = [
  WebhookTestEvent.name,
  ...EVENT_CATALOGUE.flatMap((event) => (event === AnyDspStageEvent ? DSP_STAGES.map(dspStagePattern) : [event.name])),
];

/** `a.b.c` → `a.b.*`: the family a name belongs to. */
const familyOf = (name: string): string => [...name.split('.').slice(0, -1), WILDCARD].join('.');

/**
 * The wildcard patterns GET /webhooks/event-types offers: the family of every event on the bus
 * (`release.*`, `ingestion.*`, `release.dsp.*.*`) and the per-stage DSP patterns. The test event
 * has no family: it only ever goes to the subscription it tests.
 */
export const SUBSCRIPTION_PATTERNS: readonly string[] = [
  ...new Set([
    ...SUBSCRIBABLE_EVENTS.filter((name) => name !== WebhookTestEvent.name).map(familyOf),
    ...SUBSCRIBABLE_EVENTS.filter((name) => name.split('.').includes(WILDCARD)),
  ]),
];

/** True when `pattern` matches the concrete event name `eventName` (`*` = one segment). */
export const matchesEventPattern = (pattern: string, eventName: string): boolean => {
  const wanted = pattern.split('.');
  const actual = eventName.split('.');
  return wanted.length === actual.length && wanted.every((segment, i) => segment === WILDCARD || segment === actual[i]);
};

/** Two patterns overlap when some concrete name matches both. */
const overlaps = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((segment, i) => segment === WILDCARD || b[i] === WILDCARD || segment === b[i]);

const SUBSCRIBABLE_SEGMENTS = SUBSCRIBABLE_EVENTS.map((name) => name.split('.'));

/**
 * The patterns (in the order given, without repeats) a subscription may not use: malformed,
 * unable to match any subscribable event, or naming a DSP slug not in `dspSlugs`. The webhooks
 * service answers 422 `Unknown event pattern(s): <list>.` with them.
 */
export const unknownEventPatterns = (patterns: readonly string[], dspSlugs: ReadonlySet<string>): string[] => {
  const unknown = patterns.filter((pattern) => {
    const segments = pattern.split('.');
    if (!segments.every((segment) => SEGMENT.test(segment))) return true;
    if (!SUBSCRIBABLE_SEGMENTS.some((entry) => overlaps(segments, entry))) return true;
    const slug = parseDspStageType(pattern)?.slug;
    return slug !== undefined && slug !== WILDCARD && !dspSlugs.has(slug);
  });
  return [...new Set(unknown)];
};
