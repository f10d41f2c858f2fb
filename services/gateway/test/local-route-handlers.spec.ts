import type { Router } from 'express';
import { routesOf } from '@sv/contracts';
import { localRouters } from '../src/http/routes/index.ts';
import type { LocalRouteDeps } from '../src/http/routes/local-route.ts';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every `METHOD path` the gateway's own routers answer, however deeply they are nested. */
const servedBy = (router: Router): Set<string> => {
  const served = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') served.add(`${method.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return served;
};

/**
 * The registry declares every route the gateway answers itself (service `gateway`); the
 * gateway's routers must answer exactly those. The routers are only built here, never called,
 * so their dependencies can be empty stand-ins.
 */
describe("the gateway's own routes", () => {
  const unused = () => {
    throw new Error('not called while routes are only declared');
  };
  const served = servedBy(localRouters({ sessions: { cookieSecure: true, secret: 'a secret the routers derive keys from' }, json: unused } as unknown as LocalRouteDeps));
  // The health probe is answered before routing (app.ts), not by these routers.
  const declared = new Set(routesOf('gateway').filter((route) => route.path !== '/health').map((route) => `${route.method} ${route.path}`));

  it('has a handler for every route the registry gives the gateway', () => {
    expect([...declared].filter((route) => !served.has(route))).toEqual([]);
  });

  it('has no handler the registry does not declare', () => {
    expect([...served].filter((route) => !declared.has(route))).toEqual([]);
  });

  it('is not empty', () => {
    expect(served.size).toBeGreaterThan(20);
  });
});
