import { operationsOf, routesOf } from '@sv/contracts';
import type { SupplyChainContext } from '../src/supply-chain-context.ts';
import { supplyChainOperations } from '../src/nats/operations.ts';

/*
 * The route registry and supply-chain's operation table must agree: every supply-chain route has a
 * handler, and every handler is a route's operation or one of the internal operations below.
 */

/** Operations supply-chain answers for other services only: no route of the registry names them. */
const INTERNAL_OPERATIONS: readonly string[] = [
  // the catalogue, at submit (the store-selection gate): services/catalogue/src/nats/clients/store-selection.client.ts
  'release_dsps.selection',
  // delivery, for what each store receives (system principals only): services/delivery/src/nats/clients/supply-chain.client.ts
  'release_config.resolved',
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
  const context: SupplyChainContext = {
    orm: untouched('orm'),
    config: untouched('config'),
    logger: untouched('logger'),
    releases: untouched('releases'),
    snapshots: untouched('snapshots'),
    clock: untouched('clock'),
  };
  return Object.keys(supplyChainOperations(context));
};

describe('the supply-chain operation table against the route registry', () => {
  it('is built without touching its context', () => {
    expect(handledOperations).not.toThrow();
  });

  it('has a handler for every supply-chain route', () => {
    expect(operationsOf('supply-chain').length).toBeGreaterThan(0);
    expect(notIn(operationsOf('supply-chain'), handledOperations())).toEqual([]);
  });

  it('has no handler that is neither a route nor a listed internal operation', () => {
    expect(notIn(handledOperations(), [...operationsOf('supply-chain'), ...INTERNAL_OPERATIONS])).toEqual([]);
  });

  it('lists as internal only handled operations that no route names', () => {
    expect(notIn(INTERNAL_OPERATIONS, handledOperations())).toEqual([]);
    expect(INTERNAL_OPERATIONS.filter((operation) => (operationsOf('supply-chain') as readonly string[]).includes(operation))).toEqual([]);
  });

  it('marks every supply-chain route built', () => {
    expect(routesOf('supply-chain').filter((route) => !route.built).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});
