import { defineRoute } from './define-route.ts';
import { GatewayRouteOperation } from './operations/gateway-route-operations.ts';
import { HealthReportSchema } from './responses/health.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/** GET /health: no authentication, no rate limit (spec, Health probe). */
export const HEALTH_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'GET',
    path: '/health',
    service: 'gateway',
    operation: GatewayRouteOperation.health,
    summary: 'Health probe: 200 when the process is alive and the database is reachable.',
    anonymous: true,
    rate: null,
    responses: { 200: { description: 'Alive, database reachable.', body: HealthReportSchema } },
    errorResponses: { 503: { description: 'The database ping failed; the same body, checks.db.error set.', body: HealthReportSchema } },
  }),
];
