import { operationsOf, routesOf } from '@sv/contracts';
import type { CatalogueContext } from '../src/catalogue-context.ts';
import { catalogueOperations } from '../src/nats/operations.ts';

/*
 * The route registry and the catalogue's operation table must agree: every catalogue route has a
 * handler, and every handler is a route's operation or one of the internal operations below.
 */

/** Operations the catalogue answers for other services only: no route of the registry names them. */
const INTERNAL_OPERATIONS: readonly string[] = [
  // supply-chain, before acting on a release id: services/supply-chain/src/nats/clients/release-lookup.client.ts
  'releases.lookup',
  // delivery (services/delivery/src/nats/clients/catalogue.client.ts) and supply-chain's delivery plan
  // (services/supply-chain/src/nats/clients/release-snapshot.client.ts)
  'releases.snapshot',
  // delivery's QC worker, via catalogue.client.ts: QC passed or failed (qc.service.ts)
  'releases.qc_pass',
  'releases.qc_fail',
  // delivery's stage confirmation, via catalogue.client.ts: live at a store, takedown sent (confirm-stage.ts)
  'releases.mark_live',
  'releases.mark_taken_down',
];

/** Sorted members of `items` that are not in `of`. */
const notIn = (items: Iterable<string>, of: Iterable<string>): string[] => {
  const known = new Set(of);
  return [...new Set(items)].filter((item) => !known.has(item)).sort();
};

/** A context member the factory may only close over: reading any property of it, or calling it, throws. */
const untouched = (member: string): never =>
  new Proxy(() => undefined, {
    get: (_target, property) => {
      throw new Error(`building the operation table read context.${member}.${String(property)}`);
    },
    apply: () => {
      throw new Error(`building the operation table called context.${member}()`);
    },
  }) as never;

/** The table as the service builds it, from a context none of whose members is used. */
const handledOperations = (): string[] => {
  const context: CatalogueContext = {
    orm: untouched('orm'),
    config: untouched('config'),
    blobs: untouched('blobs'),
    logger: untouched('logger'),
    stores: untouched('stores'),
    plans: untouched('plans'),
    clock: untouched('clock'),
  };
  return Object.keys(catalogueOperations(context));
};

describe('the catalogue operation table against the route registry', () => {
  it('is built without touching its context', () => {
    expect(handledOperations).not.toThrow();
  });

  it('has a handler for every catalogue route', () => {
    expect(operationsOf('catalogue').length).toBeGreaterThan(0);
    expect(notIn(operationsOf('catalogue'), handledOperations())).toEqual([]);
  });

  it('has no handler that is neither a route nor a listed internal operation', () => {
    expect(notIn(handledOperations(), [...operationsOf('catalogue'), ...INTERNAL_OPERATIONS])).toEqual([]);
  });

  it('lists as internal only handled operations that no route names', () => {
    expect(notIn(INTERNAL_OPERATIONS, handledOperations())).toEqual([]);
    expect(INTERNAL_OPERATIONS.filter((operation) => (operationsOf('catalogue') as readonly string[]).includes(operation))).toEqual([]);
  });

  it('marks every catalogue route built', () => {
    expect(routesOf('catalogue').filter((route) => !route.built).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});
