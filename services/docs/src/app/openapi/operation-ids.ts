import type { AnyRouteDefinition } from '@sv/contracts';

/**
 * operationId per route: the registry's operation name. Two spellings of one operation (PATCH
 * and PUT of the same update) must still differ, so a later one adds its method
 * (`releases.update.put`).
 */
export const operationIds = (routes: readonly AnyRouteDefinition[]): Map<AnyRouteDefinition, string> => {
  const taken = new Set<string>();
  const ids = new Map<AnyRouteDefinition, string>();
  for (const route of routes) {
    const id = taken.has(route.operation) ? `${route.operation}.${route.method.toLowerCase()}` : route.operation;
    taken.add(id);
    ids.set(route, id);
  }
  return ids;
};
