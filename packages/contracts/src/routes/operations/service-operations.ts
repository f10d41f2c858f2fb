import type { AnimatedArtworkOperation } from '../../animated-artwork.ts';
import type { CatalogueOperation } from '../../artists.ts';
import type { CreditOperation } from '../../credits.ts';
import type { DeliveryOperation } from '../../delivery.ts';
import type { LocalizationOperation } from '../../localizations.ts';
import type { ReleaseOperation } from '../../releases.ts';
import type { RightsOperation } from '../../rights.ts';
import type { SupplyChainOperation } from '../../supply-chain.ts';
import type { ServiceName } from '../../subjects.ts';
import type { GatewayOperation } from '../../tenants.ts';
import type { TrackOperation } from '../../tracks.ts';
import type { VideoOperation } from '../../videos.ts';
import type { WebhookOperation } from '../../webhooks.ts';
import type { AnalyticsOperation } from './analytics-operations.ts';
import type { GatewayRouteOperation } from './gateway-route-operations.ts';
import type { IngestionOperation } from './ingestion-operations.ts';
import type { FinanceOperation, RoyaltyOperation } from './royalty-operations.ts';

type ValueOf<TConstants> = TConstants[keyof TConstants];

/*
 * Every operation name each service answers on its api subject, public routes and internal
 * commands alike. A route's operation must be one of its own service's.
 */

export type GatewayOperationName = ValueOf<typeof GatewayRouteOperation> | GatewayOperation;
export type CatalogueOperationName =
  | ValueOf<typeof CatalogueOperation>
  | ValueOf<typeof ReleaseOperation>
  | ValueOf<typeof TrackOperation>
  | ValueOf<typeof AnimatedArtworkOperation>
  | ValueOf<typeof CreditOperation>
  | ValueOf<typeof RightsOperation>
  | ValueOf<typeof LocalizationOperation>
  | ValueOf<typeof VideoOperation>;
export type SupplyChainOperationName = ValueOf<typeof SupplyChainOperation>;
export type DeliveryOperationName = ValueOf<typeof DeliveryOperation>;
export type WebhooksOperationName = ValueOf<typeof WebhookOperation>;
export type IngestionOperationName = ValueOf<typeof IngestionOperation>;
export type RoyaltiesOperationName = ValueOf<typeof RoyaltyOperation> | ValueOf<typeof FinanceOperation>;
export type AnalyticsOperationName = ValueOf<typeof AnalyticsOperation>;

export interface OperationsByService {
  gateway: GatewayOperationName;
  catalogue: CatalogueOperationName;
  'supply-chain': SupplyChainOperationName;
  delivery: DeliveryOperationName;
  webhooks: WebhooksOperationName;
  ingestion: IngestionOperationName;
  royalties: RoyaltiesOperationName;
  analytics: AnalyticsOperationName;
}

/** Services that own public routes (the MCP server calls the gateway; it owns none). */
export type RoutedService = Exclude<ServiceName, 'mcp'>;

export type OperationOf<TService extends RoutedService> = OperationsByService[TService];

/** Any service's operation. */
export type RouteOperation = OperationOf<RoutedService>;
