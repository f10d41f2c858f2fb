import { CatalogueOperation, type ServiceName } from '@sv/contracts';
import { CreditOperation, LocalizationOperation, RightsOperation } from '@sv/contracts';
import type { RateCategory } from '../rate-limit/rate-categories.ts';
import type { UploadKind } from './upload-kinds.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UploadSpec {
  /** The multipart field holding the file. */
  field: string;
  kind: UploadKind;
  /** Content types accepted as a raw (non-multipart) body holding the file itself. */
  rawContentTypes?: readonly string[];
  /** Message when the file field is absent (422). */
  missingMessage?: string;
}

export interface RouteEntry {
  method: HttpMethod;
  /** Express path, relative to the version root. */
  path: string;
  service: Exclude<ServiceName, 'gateway' | 'mcp'>;
  operation: string;
  rate?: RateCategory;
  upload?: UploadSpec;
}

const route = (
  method: HttpMethod,
  path: string,
  service: RouteEntry['service'],
  operation: string,
  extra: Partial<Pick<RouteEntry, 'rate' | 'upload'>> = {},
): RouteEntry => ({ method, path, service, operation, ...extra });

const image = (field: string): Pick<RouteEntry, 'upload'> => ({ upload: { field, kind: 'image' } });

/**
 * Every public path of the spec and the service that owns it (DESIGN.md). The gateway forwards
 * a matched request over NATS request/reply; a path whose service is not running answers 503.
 * Paths the gateway answers itself (health, users/me, auth, tenants) are in http/gateway-routes.
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  // Artists
  route('GET', '/artists', 'catalogue', CatalogueOperation.artistsList),
  route('POST', '/artists', 'catalogue', CatalogueOperation.artistsCreate),
  route('GET', '/artists/:uuid', 'catalogue', CatalogueOperation.artistsGet),
  route('PATCH', '/artists/:uuid', 'catalogue', CatalogueOperation.artistsUpdate),
  route('PUT', '/artists/:uuid', 'catalogue', CatalogueOperation.artistsUpdate),
  route('DELETE', '/artists/:uuid', 'catalogue', CatalogueOperation.artistsDelete),
  route('POST', '/artists/:uuid/avatar', 'catalogue', CatalogueOperation.artistsAvatar, image('avatar')),
  route('POST', '/artists/:uuid/banner', 'catalogue', CatalogueOperation.artistsBanner, image('banner')),

  // Releases
  route('GET', '/releases', 'catalogue', 'releases.list'),
  route('POST', '/releases', 'catalogue', 'releases.create'),
  route('GET', '/releases/:uuid', 'catalogue', 'releases.get'),
  route('PATCH', '/releases/:uuid', 'catalogue', 'releases.update'),
  route('PUT', '/releases/:uuid', 'catalogue', 'releases.update'),
  route('DELETE', '/releases/:uuid', 'catalogue', 'releases.delete'),
  route('POST', '/releases/:uuid/submit', 'catalogue', 'releases.submit'),
  route('POST', '/releases/:uuid/approve', 'catalogue', 'releases.approve'),
  route('POST', '/releases/:uuid/reject', 'catalogue', 'releases.reject'),
  route('POST', '/releases/:uuid/artwork', 'catalogue', 'releases.artwork', image('artwork')),
  route('POST', '/releases/:uuid/artwork/presign', 'catalogue', 'releases.artwork_presign'),
  route('POST', '/releases/:uuid/animated-artwork/:asset_type', 'catalogue', 'releases.animated_artwork', {
    upload: { field: 'file', kind: 'animated' },
  }),
  route('GET', '/releases/:uuid/animated-artwork', 'catalogue', 'releases.animated_artwork_list'),
  route('GET', '/releases/:uuid/animated-artwork/:asset_type', 'catalogue', 'releases.animated_artwork_get'),
  route('DELETE', '/releases/:uuid/animated-artwork/:asset_type', 'catalogue', 'releases.animated_artwork_delete'),
  route('GET', '/releases/:uuid/tracks', 'catalogue', 'tracks.list'),
  route('POST', '/releases/:uuid/tracks', 'catalogue', 'tracks.create'),

  // Store selection and per-DSP overrides
  route('POST', '/releases/:uuid/dsps', 'supply-chain', 'release_dsps.add'),
  route('PUT', '/releases/:uuid/dsps', 'supply-chain', 'release_dsps.replace'),
  route('DELETE', '/releases/:uuid/dsps/:slug', 'supply-chain', 'release_dsps.remove'),
  route('PUT', '/releases/:uuid/dsps/:slug', 'supply-chain', 'release_dsps.override'),

  // DDEX and delivery
  // Reads are general requests; the delivery calls themselves count in the distribution category.
  route('GET', '/releases/:uuid/ddex/preview/:file', 'delivery', 'ddex.preview'),
  route('POST', '/releases/:uuid/ddex/deliver', 'delivery', 'ddex.deliver', { rate: 'distribution' }),
  route('POST', '/releases/:uuid/ddex/deliver/:slug', 'delivery', 'ddex.deliver_one', { rate: 'distribution' }),
  route('POST', '/releases/:uuid/ddex/purge', 'delivery', 'ddex.purge', { rate: 'distribution' }),
  route('POST', '/releases/:uuid/ddex/redeliver', 'delivery', 'ddex.redeliver', { rate: 'distribution' }),
  route('POST', '/releases/:uuid/ddex/redeliver/:slug', 'delivery', 'ddex.redeliver_one', { rate: 'distribution' }),
  route('GET', '/releases/:uuid/ddex/deliveries', 'delivery', 'ddex.deliveries'),

  // Tracks
  route('GET', '/tracks/:uuid', 'catalogue', 'tracks.get'),
  route('PATCH', '/tracks/:uuid', 'catalogue', 'tracks.update'),
  route('PUT', '/tracks/:uuid', 'catalogue', 'tracks.update'),
  route('DELETE', '/tracks/:uuid', 'catalogue', 'tracks.delete'),
  ...['/tracks/:uuid/audio', '/tracks/:uuid/upload'].map((path) =>
    route('POST', path, 'catalogue', 'tracks.audio', {
      rate: 'audio_upload',
      upload: { field: 'audio', kind: 'audio', missingMessage: 'No audio file provided.' },
    }),
  ),
  route('PUT', '/tracks/:uuid/splits', 'royalties', 'splits.set'),

  // Credits (writers, publishers, collaborators, track credits), rights and localizations
  ...(
    [
      ['/writers', 'writers'],
      ['/publishers', 'publishers'],
      ['/collaborators', 'collaborators'],
    ] as const
  ).flatMap(([path, name]) => [
    route('GET', path, 'catalogue', CreditOperation[`${name}List`]),
    route('POST', path, 'catalogue', CreditOperation[`${name}Create`]),
    route('GET', `${path}/:uuid`, 'catalogue', CreditOperation[`${name}Get`]),
    route('PATCH', `${path}/:uuid`, 'catalogue', CreditOperation[`${name}Update`]),
    route('PUT', `${path}/:uuid`, 'catalogue', CreditOperation[`${name}Update`]),
    route('DELETE', `${path}/:uuid`, 'catalogue', CreditOperation[`${name}Delete`]),
  ]),
  route('GET', '/tracks/:uuid/credits', 'catalogue', CreditOperation.trackCreditsGet),
  route('PUT', '/tracks/:uuid/credits', 'catalogue', CreditOperation.trackCreditsReplace),
  route('GET', '/releases/:uuid/rights', 'catalogue', RightsOperation.releaseGet),
  route('PUT', '/releases/:uuid/rights', 'catalogue', RightsOperation.releaseReplace),
  route('GET', '/tracks/:uuid/rights', 'catalogue', RightsOperation.trackGet),
  route('PUT', '/tracks/:uuid/rights', 'catalogue', RightsOperation.trackReplace),
  route('GET', '/releases/:uuid/localizations', 'catalogue', LocalizationOperation.releaseList),
  route('PUT', '/releases/:uuid/localizations/:locale', 'catalogue', LocalizationOperation.releasePut),
  route('DELETE', '/releases/:uuid/localizations/:locale', 'catalogue', LocalizationOperation.releaseDelete),
  route('GET', '/tracks/:uuid/localizations', 'catalogue', LocalizationOperation.trackList),
  route('PUT', '/tracks/:uuid/localizations/:locale', 'catalogue', LocalizationOperation.trackPut),
  route('DELETE', '/tracks/:uuid/localizations/:locale', 'catalogue', LocalizationOperation.trackDelete),

  // Videos
  route('POST', '/videos', 'catalogue', 'videos.create'),
  route('POST', '/videos/:uuid/submit', 'catalogue', 'videos.submit'),
  route('POST', '/videos/:uuid/upload', 'catalogue', 'videos.upload', { upload: { field: 'video', kind: 'video' } }),
  route('GET', '/videos', 'catalogue', 'videos.list'),
  route('GET', '/videos/:uuid', 'catalogue', 'videos.get'),
  route('PATCH', '/videos/:uuid', 'catalogue', 'videos.update'),
  route('PUT', '/videos/:uuid', 'catalogue', 'videos.update'),
  route('DELETE', '/videos/:uuid', 'catalogue', 'videos.delete'),
  route('POST', '/videos/:uuid/approve', 'catalogue', 'videos.approve'),
  route('POST', '/videos/:uuid/reject', 'catalogue', 'videos.reject'),

  // Webhooks
  route('GET', '/webhooks', 'webhooks', 'webhooks.list'),
  route('POST', '/webhooks', 'webhooks', 'webhooks.create'),
  route('GET', '/webhooks/event-types', 'webhooks', 'webhooks.event_types'),
  route('GET', '/webhooks/:uuid', 'webhooks', 'webhooks.get'),
  route('PATCH', '/webhooks/:uuid', 'webhooks', 'webhooks.update'),
  route('DELETE', '/webhooks/:uuid', 'webhooks', 'webhooks.delete'),
  route('POST', '/webhooks/:uuid/test', 'webhooks', 'webhooks.test'),
  route('POST', '/webhooks/:uuid/regenerate-secret', 'webhooks', 'webhooks.regenerate_secret'),
  route('GET', '/webhooks/:uuid/deliveries', 'webhooks', 'webhooks.deliveries'),

  // Ingestion
  route('POST', '/ingestion/json', 'ingestion', 'ingestion.json'),
  route('POST', '/ingestion/bulk', 'ingestion', 'ingestion.bulk', { rate: 'ingestion_bulk' }),
  route('POST', '/ingestion/ddex', 'ingestion', 'ingestion.ddex', {
    upload: { field: 'ddex_xml', kind: 'document', rawContentTypes: ['application/xml', 'text/xml'] },
  }),
  route('POST', '/ingestion/csv', 'ingestion', 'ingestion.csv', { upload: { field: 'releases_csv', kind: 'document' } }),
  route('GET', '/ingestion/jobs', 'ingestion', 'ingestion.jobs_list'),
  route('GET', '/ingestion/jobs/:uuid', 'ingestion', 'ingestion.jobs_get'),

  // Supply chain
  route('GET', '/supply-chain/monetization-policies', 'supply-chain', 'catalogues.monetization_policies'),
  route('GET', '/supply-chain/pricing-tiers', 'supply-chain', 'catalogues.pricing_tiers'),
  route('GET', '/supply-chain/dsps', 'supply-chain', 'catalogues.dsps'),
  route('GET', '/supply-chain/territories', 'supply-chain', 'catalogues.territories'),
  route('GET', '/supply-chain/releases/:uuid', 'supply-chain', 'release_config.get'),
  route('PUT', '/supply-chain/releases/:uuid/monetization', 'supply-chain', 'release_config.monetization'),
  route('PUT', '/supply-chain/releases/:uuid/pricing-tier', 'supply-chain', 'release_config.pricing_tier'),
  route('PUT', '/supply-chain/releases/:uuid/territories', 'supply-chain', 'release_config.territories'),
  route('GET', '/supply-chain/releases/:uuid/delivery-plan', 'supply-chain', 'release_config.delivery_plan'),
  route('GET', '/supply-chain/releases/:uuid/effective-config', 'supply-chain', 'release_config.effective'),
  route('GET', '/supply-chain/effective-config/:uuid', 'supply-chain', 'release_config.effective'),
  route('GET', '/supply-chain/:uuid/effective-config', 'supply-chain', 'release_config.effective'),

  // Analytics
  ...[
    ['/analytics/overview', 'analytics.overview'],
    ['/analytics/by-release', 'analytics.by_release'],
    ['/analytics/by-territory', 'analytics.by_territory'],
    ['/analytics/by-dsp', 'analytics.by_dsp'],
    ['/analytics/time-series', 'analytics.time_series'],
    ['/analytics/artist/:uuid', 'analytics.artist'],
    ['/analytics/streaming/summary', 'streaming.summary'],
    ['/analytics/streaming/daily', 'streaming.daily'],
    ['/analytics/streaming/markets', 'streaming.markets'],
    ['/analytics/streaming/stores', 'streaming.stores'],
    ['/analytics/streaming/tracks', 'streaming.tracks'],
    ['/analytics/streaming/playlists', 'streaming.playlists'],
    ['/analytics/streaming/charts', 'streaming.charts'],
    ['/analytics/streaming/coverage', 'streaming.coverage'],
    ['/analytics/streaming/artists/:uuid/weekly', 'streaming.artist_weekly'],
  ].map(([path, operation]) => route('GET', path ?? '', 'analytics', operation ?? '', { rate: 'analytics' })),
  route('POST', '/analytics/ingest', 'analytics', 'analytics.ingest', { rate: 'analytics' }),

  // Royalties
  route('GET', '/royalties/balance', 'royalties', 'royalties.balance'),
  route('GET', '/royalties/statements', 'royalties', 'royalties.statements_list'),
  route('GET', '/royalties/statements/:id', 'royalties', 'royalties.statements_get'),
  route('POST', '/royalties/withdrawals', 'royalties', 'royalties.withdraw'),
  route('GET', '/royalties', 'royalties', 'royalties.list'),
  route('POST', '/royalties', 'royalties', 'royalties.create'),
  route('GET', '/royalties/summary/:uuid', 'royalties', 'royalties.summary'),
  route('GET', '/royalties/:uuid', 'royalties', 'royalties.get'),
  route('POST', '/royalties/:uuid/line-items', 'royalties', 'royalties.line_items'),
  route('POST', '/royalties/:uuid/approve', 'royalties', 'royalties.approve'),
  route('POST', '/royalties/:uuid/pay', 'royalties', 'royalties.pay'),

  // Finance
  route('GET', '/finance/periods', 'royalties', 'finance.periods_list'),
  route('POST', '/finance/periods', 'royalties', 'finance.periods_create'),
  route('GET', '/finance/sales-reports', 'royalties', 'finance.sales_reports_list'),
  route('POST', '/finance/sales-reports', 'royalties', 'finance.sales_reports_create'),
  route('GET', '/finance/statements', 'royalties', 'finance.statements_list'),
  route('GET', '/finance/statements/:uuid', 'royalties', 'finance.statements_get'),
  route('POST', '/finance/statements/:uuid/approve', 'royalties', 'finance.statements_approve'),
  route('GET', '/finance/payee-statements', 'royalties', 'finance.payee_statements_list'),
  route('GET', '/finance/payee-statements/:uuid', 'royalties', 'finance.payee_statements_get'),
  route('POST', '/finance/payee-statements/:uuid/approve', 'royalties', 'finance.payee_statements_approve'),
  route('GET', '/finance/payouts', 'royalties', 'finance.payouts_list'),
  route('GET', '/finance/payouts/:uuid', 'royalties', 'finance.payouts_get'),
];
