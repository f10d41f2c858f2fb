import { ROUTES } from '@sv/contracts';
import type { ServiceProcess } from '@sv/testing';
import { bracedPath } from './support/documented-operations.ts';
import { startDocsProcess } from './support/docs-process.ts';

/*
 * The gateway serves exactly the registry's routes (its matcher is built from ROUTES), other
 * spellings included; the served /openapi.json must name every one of them at its own path, so a
 * client generated from it can call what the gateway answers.
 */

let docs: { process: ServiceProcess; url: string };

beforeAll(async () => {
  docs = await startDocsProcess();
}, 60_000);

afterAll(async () => {
  await docs?.process.stop();
});

describe('the served OpenAPI description against what the gateway serves', () => {
  it('lists every served method and path, each alias marked as the alias of its canonical route', async () => {
    const document: any = await (await fetch(`${docs.url}/openapi.json`)).json();
    const listed = (method: string, path: string): any => document.paths[bracedPath(path)]?.[method.toLowerCase()];
    const missing = ROUTES.filter((route) => listed(route.method, route.path) === undefined).map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    const aliases = ROUTES.filter((route) => route.aliasOf !== undefined);
    expect(aliases.map((route) => `${route.method} ${route.path}`)).toContain('POST /auth/token/refresh');
    for (const alias of aliases) {
      const canonical = bracedPath(alias.aliasOf!);
      expect([alias.path, listed(alias.method, alias.path)['x-alias-of']]).toEqual([alias.path, canonical]);
      expect(listed(alias.method, alias.aliasOf!)['x-aliases']).toContain(bracedPath(alias.path));
    }
  });
});
