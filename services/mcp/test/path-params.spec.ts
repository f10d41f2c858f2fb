import { ROUTES } from '@sv/contracts';
import { ArgumentError } from '../src/app/tools/argument-error.ts';
import { fillPath, pathSegmentCount, pathTemplateOf } from '../src/app/tools/path-params.ts';
import { buildToolDefinitions, type ToolDefinition } from '../src/app/tools/tool-definitions.ts';
import { gatewayUrl } from '../src/app/gateway-client/gateway-url.ts';

/* Path arguments decide which route a call reaches: each is checked against the registry first. */

const tools = new Map(buildToolDefinitions().map((tool) => [tool.name, tool]));
const routeOf = (name: string) => (tools.get(name) as ToolDefinition).route;

const UUID = '0b6f2a53-5d0e-4c59-9a52-3f0d6f1f4a11';

/** A value each registry parameter accepts, by name. */
const VALID: Record<string, string> = { uuid: UUID, locale: 'fr-FR', slug: 'spotify', asset_type: 'spotify_canvas', file: 'spotify.xml', id: '2024-01' };

const CLIMBING = ['..', '.', ' .. ', 'a/b', '../users', 'a\\b', '..\\..', '%2e%2e', '%2E%2E', '.%2e', '%2f', 'a%2Fb', '%5c', '%252e%252e', '%25252f', 'a\u0000b', 'a\nb'];

/** The three sub-resource deletes that answered by deleting the release itself. */
const SUB_RESOURCE_DELETES: [string, string][] = [
  ['delete_releases_dsps', 'slug'],
  ['delete_releases_localizations', 'locale'],
  ['delete_releases_animated_artwork', 'asset_type'],
];

describe('path parameters', () => {
  it('have a schema in the registry for every parameter of every route', () => {
    for (const route of ROUTES) {
      const params = pathTemplateOf(route).flatMap((segment) => ('param' in segment ? [segment.param] : []));
      expect(params).toEqual([...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]));
    }
  });

  it.each(SUB_RESOURCE_DELETES)('%s refuses a %s that would leave its segment, in any encoding', (name, param) => {
    for (const value of CLIMBING) {
      expect(() => fillPath(routeOf(name), { uuid: UUID, [param]: value })).toThrow(ArgumentError);
      expect(() => fillPath(routeOf(name), { uuid: UUID, [param]: value })).toThrow(`The ${param} argument is not a valid path parameter`);
    }
  });

  it('refuses a value the registry\'s schema refuses, naming the argument', () => {
    expect(() => fillPath(routeOf('get_releases'), { uuid: 'not-a-uuid' })).toThrow(/^The uuid argument is not valid: .+\.$/);
    expect(() => fillPath(routeOf('delete_releases_localizations'), { uuid: UUID, locale: 'xx-not a locale' })).toThrow(/^The locale argument is not valid: /);
    expect(() => fillPath(routeOf('delete_releases_dsps'), { uuid: UUID, slug: 'x'.repeat(101) })).toThrow(/^The slug argument is not valid: /);
    expect(() => fillPath(routeOf('delete_releases_dsps'), { uuid: UUID, slug: { a: 1 } })).toThrow('The slug argument must be a string.');
    expect(() => fillPath(routeOf('delete_releases_dsps'), { uuid: UUID })).toThrow('The slug argument is required.');
  });

  it('fills in values the schema accepts, escaped, as the caller gave them', () => {
    expect(fillPath(routeOf('delete_releases_localizations'), { uuid: UUID, locale: 'fr-fr' })).toBe(`/releases/${UUID}/localizations/fr-fr`);
    expect(fillPath(routeOf('delete_releases_dsps'), { uuid: UUID, slug: 'a..b' })).toBe(`/releases/${UUID}/dsps/a..b`);
  });

  it('gives every route\'s URL exactly the registry\'s number of segments under the gateway base', () => {
    const base = 'http://127.0.0.1:8080/v1';
    for (const tool of tools.values()) {
      const args = Object.fromEntries(tool.input.places.params.map((param) => [param, VALID[param]]));
      const path = fillPath(tool.route, args);
      const url = gatewayUrl(base, path);
      // Under /v1, as many segments as the registry's path: `/releases/:uuid/dsps/:slug` has four.
      expect(url.pathname.slice('/v1/'.length).split('/')).toHaveLength(pathSegmentCount(tool.route));
      expect(pathSegmentCount(tool.route)).toBe(tool.route.path.split('/').filter(Boolean).length);
      expect(url.pathname).toBe(`/v1${path}`);
    }
  });
});

describe('gatewayUrl', () => {
  it('keeps the query and the base path', () => {
    expect(gatewayUrl('http://127.0.0.1:8081/api/v1', '/releases?status=draft').href).toBe('http://127.0.0.1:8081/api/v1/releases?status=draft');
  });

  it('refuses a target the URL parser would rewrite, rather than send it elsewhere', () => {
    const base = 'http://127.0.0.1:8080/v1';
    for (const target of [`/releases/${UUID}/dsps/..`, `/releases/${UUID}/dsps/%2e%2e`, `/releases/${UUID}/dsps/.`, '/releases/a\\..']) {
      expect(() => gatewayUrl(base, target)).toThrow(/the URL parser rewrote/);
    }
  });
});
