import type { AnyRouteDefinition } from '@sv/contracts';
import { operationIds } from './operation-ids.ts';
import { routeOperation } from './operation.ts';
import type { PathItem } from './openapi-types.ts';
import { toOpenApiPath } from './openapi-path.ts';

/** The routes the description lists: every route but the other spellings of one (aliasOf). */
export const documentedRoutes = (routes: readonly AnyRouteDefinition[]): AnyRouteDefinition[] => routes.filter((route) => !route.aliasOf);

const aliasesOf = (route: AnyRouteDefinition, routes: readonly AnyRouteDefinition[]): AnyRouteDefinition[] =>
  routes.filter((other) => other.aliasOf === route.path && other.method === route.method);

/** `paths`: one path item per distinct path, one operation per method. */
export const routePaths = (routes: readonly AnyRouteDefinition[]): Record<string, PathItem> => {
  const listed = documentedRoutes(routes);
  const ids = operationIds(listed);
  const paths: Record<string, PathItem> = {};
  for (const route of listed) {
    const item = (paths[toOpenApiPath(route.path)] ??= {});
    const method = route.method.toLowerCase() as keyof PathItem;
    item[method] = routeOperation(route, ids.get(route) ?? route.operation, aliasesOf(route, routes));
  }
  return paths;
};
