import type { AnyRouteDefinition } from '@sv/contracts';
import { operationIds } from './operation-ids.ts';
import { routeOperation } from './operation.ts';
import type { PathItem } from './openapi-types.ts';
import { toOpenApiPath } from './openapi-path.ts';

/** The canonical routes: every route but the other spellings of one (aliasOf). */
export const documentedRoutes = (routes: readonly AnyRouteDefinition[]): AnyRouteDefinition[] => routes.filter((route) => !route.aliasOf);

const aliasesOf = (route: AnyRouteDefinition, routes: readonly AnyRouteDefinition[]): AnyRouteDefinition[] =>
  routes.filter((other) => other.aliasOf === route.path && other.method === route.method);

const canonicalOf = (alias: AnyRouteDefinition, routes: readonly AnyRouteDefinition[]): AnyRouteDefinition | undefined =>
  routes.find((other) => !other.aliasOf && other.path === alias.aliasOf && other.method === alias.method);

/**
 * `paths`: one path item per distinct path, one operation per method. Every path the gateway
 * serves is listed, so a client generated from the description can call any of them; an alias
 * is its canonical route's operation again, marked `x-alias-of`.
 */
export const routePaths = (routes: readonly AnyRouteDefinition[]): Record<string, PathItem> => {
  const ids = operationIds(routes);
  const paths: Record<string, PathItem> = {};
  for (const route of routes) {
    const item = (paths[toOpenApiPath(route.path)] ??= {});
    const method = route.method.toLowerCase() as keyof PathItem;
    const id = ids.get(route) ?? route.operation;
    item[method] = route.aliasOf
      ? routeOperation(route, id, { aliasOf: canonicalOf(route, routes) ?? { ...route, path: route.aliasOf } })
      : routeOperation(route, id, { aliases: aliasesOf(route, routes) });
  }
  return paths;
};
