import { match } from 'path-to-regexp';
import { ROUTES, type AnyRouteDefinition } from '@sv/contracts';
import type { OpenApiDocument, Operation, PathItem } from '../../src/app/openapi/openapi-types.ts';

export const SERVERS = { publicBaseUrl: 'https://api.example.test/v1', sandboxBaseUrl: 'https://sandbox.example.test/api/v1' };

export interface DocumentedOperation {
  method: string;
  /** As the document writes it: `/releases/{uuid}`. */
  path: string;
  operation: Operation;
}

/** Every operation under `paths`, with its method in capitals. */
export const documentedOperations = (document: OpenApiDocument): DocumentedOperation[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as PathItem).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation: operation as Operation })),
  );

/** A request path for a documented template: each `{name}` becomes a plausible value. */
export const concretePath = (template: string): string => template.replace(/\{([^}]+)\}/g, (_whole, name: string) => `sample-${name}`);

const compiled = new Map<string, ReturnType<typeof match>>();
const matches = (route: AnyRouteDefinition, path: string): boolean => {
  const matcher = compiled.get(route.path) ?? match(route.path);
  compiled.set(route.path, matcher);
  return matcher(path) !== false;
};

/** The route a request would reach, as the gateway routes: the first registry route of the method whose path matches. */
export const routeServing = (method: string, path: string, routes: readonly AnyRouteDefinition[] = ROUTES): AnyRouteDefinition | undefined =>
  routes.find((route) => route.method === method && matches(route, path));

/** The operationId the document gives a route: its operation, with the method added for a second method of it, or `alias` for another spelling. */
const isOperationOf = (operationId: string, route: AnyRouteDefinition): boolean =>
  operationId === route.operation ||
  operationId === `${route.operation}.${route.method.toLowerCase()}` ||
  (route.aliasOf !== undefined && operationId.startsWith(`${route.operation}.alias`));

export const bracedPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/** Registry routes the document does not describe at their own path (an alias marked as the alias of its canonical route). */
export const undocumentedRoutes = (document: OpenApiDocument, routes: readonly AnyRouteDefinition[] = ROUTES): AnyRouteDefinition[] => {
  const operations = documentedOperations(document);
  return routes.filter((route) => {
    const candidates = operations.filter((documented) => documented.method === route.method && isOperationOf(documented.operation.operationId, route));
    return !candidates.some(
      (documented) =>
        matches(route, concretePath(documented.path)) && documented.operation['x-alias-of'] === (route.aliasOf === undefined ? undefined : bracedPath(route.aliasOf)),
    );
  });
};

/** Documented operations the gateway would not route to them: no route serves the path, or the first that does is another operation. */
export const unroutedOperations = (document: OpenApiDocument, routes: readonly AnyRouteDefinition[] = ROUTES): DocumentedOperation[] =>
  documentedOperations(document).filter(({ method, path, operation }) => {
    const served = routeServing(method, concretePath(path), routes);
    return served === undefined || !isOperationOf(operation.operationId, served);
  });
