import type { z } from 'zod';
import { AnimatedArtworkEvents } from './animated-artwork.ts';
import { ArtistEvents } from './artists.ts';
import { CreditEvents } from './credits.ts';
import { AnyDspStageEvent, DeliveryEvents } from './delivery.ts';
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
 * Every event published on the bus, once, for the generated descriptions (OpenAPI webhooks,
 * AsyncAPI channels). The per-DSP lifecycle is one entry, `release.dsp.*.*`: its slug and stage
 * segments vary, its data does not.
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
];

/** The one event that never crosses the bus: POST /webhooks/{uuid}/test queues it for one subscription. */
export const WebhookTestEvent = defineEvent(WEBHOOK_TEST_EVENT, WebhookTestData);
