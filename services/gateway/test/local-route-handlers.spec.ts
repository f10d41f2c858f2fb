import { GatewayRouteOperation, operationsOf } from '@sv/contracts';
import { localHandlers } from '../src/http/routes/index.ts';
import type { LocalRouteDeps } from '../src/http/routes/local-route.ts';

/**
 * The registry declares every route the gateway answers itself (service `gateway`), each by its
 * operation; app.ts dispatches those operations to the gateway's local handlers, so the handlers
 * must cover exactly those operations. They are only built here, never called, so their
 * dependencies can be empty stand-ins.
 */
describe("the gateway's own routes", () => {
  const unused = () => {
    throw new Error('not called while handlers are only built');
  };
  const handlers = localHandlers({ sessions: { cookieSecure: true, secret: 'a secret the handlers derive keys from' }, json: unused } as unknown as LocalRouteDeps);
  const served = new Set<string>(Object.keys(handlers));
  // The health probe is answered before dispatch (app.ts), not by these handlers.
  const declared = new Set<string>(operationsOf('gateway').filter((operation) => operation !== GatewayRouteOperation.health));

  it('has handlers for every operation the registry gives the gateway', () => {
    expect([...declared].filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('has no handlers for an operation the registry does not declare', () => {
    expect([...served].filter((operation) => !declared.has(operation))).toEqual([]);
  });

  it('gives every operation a non-empty list of handlers', () => {
    expect(Object.entries(handlers).filter(([, chain]) => !chain || chain.length === 0 || chain.some((handler) => typeof handler !== 'function'))).toEqual([]);
  });

  it('is not empty', () => {
    expect(served.size).toBeGreaterThan(20);
  });
});
