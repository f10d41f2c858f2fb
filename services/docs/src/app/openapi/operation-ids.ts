import type { AnyRouteDefinition } from '@sv/contracts';

/**
 * operationId per route: the registry's operation name. Two spellings of one operation must
 * still differ: a later method of it adds the method (`releases.update.put`), an alias adds
 * `alias` (`auth.refresh.alias`), numbered should one operation have several.
 */
export const operationIds = (routes: readonly AnyRouteDefinition[]): Map<AnyRouteDefinition, string> => {
  const taken = new Set<string>();
  const ids = new Map<AnyRouteDefinition, string>();
  const claim = (route: AnyRouteDefinition, id: string): void => {
    taken.add(id);
    ids.set(route, id);
  };
  for (const route of routes.filter((entry) => !entry.aliasOf)) {
    claim(route, taken.has(route.operation) ? `${route.operation}.${route.method.toLowerCase()}` : route.operation);
  }
  for (const route of routes.filter((entry) => entry.aliasOf)) {
    const base = `${route.operation}.alias`;
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}${n}`;
    claim(route, id);
  }
  return ids;
};
