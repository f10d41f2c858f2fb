import type { RoutedService } from '@sv/contracts';
import type { Tag } from './openapi-types.ts';

/** One tag per service that owns routes: what a reader finds under it. */
const SERVICE_WORDS: Record<RoutedService, string> = {
  gateway: 'Health, sessions, users and tenants: what the edge answers itself.',
  catalogue: 'Releases and their review, tracks and audio, artists, credits, rights, localizations, videos and artwork.',
  'supply-chain': 'Stores (DSPs), territories, monetization policies, pricing tiers, a release’s store selection and its per-store settings.',
  delivery: 'DDEX ERN 4.3 preview and delivery to stores: deliver, redeliver, take down, and the delivery log.',
  webhooks: 'Webhook subscriptions, the event catalogue, test events and the delivery log.',
  ingestion: 'Catalogue intake: JSON, bulk, DDEX ERN and CSV, and their jobs.',
  royalties: 'Royalty statements, balance and withdrawals, splits, and finance (periods, sales reports, statements, payouts).',
  analytics: 'Stream counts and revenue reports.',
};

/** The tags of the services present in `services`, in the order given. */
export const serviceTags = (services: readonly RoutedService[]): Tag[] =>
  [...new Set(services)].map((service) => ({ name: service, description: SERVICE_WORDS[service] }));
