import { ANALYTICS_ROUTES } from './analytics.routes.ts';
import { ARTIST_ROUTES } from './artists.routes.ts';
import { ARTWORK_ROUTES } from './artwork.routes.ts';
import { AUTH_ROUTES } from './auth.routes.ts';
import { CREDIT_ROUTES } from './credits.routes.ts';
import { DELIVERY_ROUTES } from './delivery.routes.ts';
import { FINANCE_ROUTES } from './finance.routes.ts';
import { HEALTH_ROUTES } from './health.routes.ts';
import { INGESTION_ROUTES } from './ingestion.routes.ts';
import { LOCALIZATION_ROUTES } from './localizations.routes.ts';
import type { OperationOf, RoutedService } from './operations/service-operations.ts';
import { RELEASE_ROUTES } from './releases.routes.ts';
import { RIGHTS_ROUTES } from './rights.routes.ts';
import type { AnyRouteDefinition, RouteDefinition } from './route-definition.ts';
import { ROYALTY_ROUTES } from './royalties.routes.ts';
import { SUPPLY_CHAIN_ROUTES } from './supply-chain.routes.ts';
import { TENANT_ROUTES } from './tenants.routes.ts';
import { TRACK_ROUTES } from './tracks.routes.ts';
import { USER_ROUTES } from './users.routes.ts';
import { VIDEO_ROUTES } from './videos.routes.ts';
import { WEBHOOK_ROUTES } from './webhooks.routes.ts';

/**
 * Every public route, each declared once. Order matters to a router that takes the first match:
 * a literal path (`/users/me`, `/webhooks/event-types`) comes before a parameter in the same place.
 */
export const ROUTES: readonly AnyRouteDefinition[] = [
  ...HEALTH_ROUTES,
  ...AUTH_ROUTES,
  ...USER_ROUTES,
  ...TENANT_ROUTES,
  ...ARTIST_ROUTES,
  ...RELEASE_ROUTES,
  ...ARTWORK_ROUTES,
  ...TRACK_ROUTES,
  ...CREDIT_ROUTES,
  ...RIGHTS_ROUTES,
  ...LOCALIZATION_ROUTES,
  ...VIDEO_ROUTES,
  ...SUPPLY_CHAIN_ROUTES,
  ...DELIVERY_ROUTES,
  ...WEBHOOK_ROUTES,
  ...INGESTION_ROUTES,
  ...ROYALTY_ROUTES,
  ...FINANCE_ROUTES,
  ...ANALYTICS_ROUTES,
];

/** The routes one service owns, in registry order. */
export const routesOf = <TService extends RoutedService>(service: TService): readonly RouteDefinition<TService>[] =>
  // The union member of a route is fixed by its service, which the filter has just checked.
  ROUTES.filter((route) => route.service === service) as readonly AnyRouteDefinition[] as readonly RouteDefinition<TService>[];

/** The operations one service must answer for its routes, each once (aliases and PUT/PATCH pairs share one). */
export const operationsOf = <TService extends RoutedService>(service: TService): readonly OperationOf<TService>[] => [
  ...new Set(routesOf(service).map((route) => route.operation)),
];
