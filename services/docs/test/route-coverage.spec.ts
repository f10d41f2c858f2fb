import { ROUTES } from '@sv/contracts';
import { buildOpenApiDocument } from '../src/app/openapi/openapi-document.ts';
import { SERVERS, documentedOperations, undocumentedRoutes, unroutedOperations } from './support/documented-operations.ts';

/*
 * The description and the gateway's routing come from the same registry; these checks keep it
 * that way: every route the gateway serves is described, and nothing is described that the
 * gateway would not route to that very operation (the gateway takes the first registry route
 * whose method and path match, as routeServing does here).
 */

const document = buildOpenApiDocument(SERVERS);

describe('the OpenAPI description against the route registry', () => {
  it('describes every registry route at its own path (other spellings marked as aliases of the canonical one)', () => {
    expect(undocumentedRoutes(document).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('names no path or method the gateway does not route to the documented operation', () => {
    expect(unroutedOperations(document).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('lists each registry route once, aliases included', () => {
    expect(documentedOperations(document)).toHaveLength(ROUTES.length);
  });

  it('notices an alias the document leaves out', () => {
    const alias = ROUTES.find((route) => route.path === '/auth/token/refresh')!;
    const partial = buildOpenApiDocument({ ...SERVERS, routes: ROUTES.filter((route) => route !== alias) });
    expect(undocumentedRoutes(partial)).toEqual([alias]);
  });

  it('notices a registry route the document leaves out', () => {
    const missing = ROUTES.find((route) => route.path === '/releases/:uuid/submit')!;
    const partial = buildOpenApiDocument({ ...SERVERS, routes: ROUTES.filter((route) => route !== missing) });
    expect(undocumentedRoutes(partial)).toEqual([missing]);
  });

  it('notices a documented path that no route serves, and one the gateway would give to another operation', () => {
    const widened = structuredClone(document);
    widened.paths['/releases/{uuid}/publish'] = { post: { ...document.paths['/releases/{uuid}/submit']!.post! } };
    // users.get written at /users/me: the gateway hands GET /users/me to users.me, which comes first.
    widened.paths['/users/me'] = { ...widened.paths['/users/me'], get: { ...document.paths['/users/{uuid}']!.get! } };
    expect(unroutedOperations(widened).map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /users/me', 'POST /releases/{uuid}/publish']);
  });
});
