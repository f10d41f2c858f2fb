import { operationsOf, routesOf } from '@sv/contracts';
import type { DeliveryContext } from '../src/delivery-context.ts';
import { deliveryOperations } from '../src/nats/operations.ts';

/*
 * The route registry and delivery's operation table must agree: every delivery route has a
 * handler, and every handler is a route's operation or one of the internal operations below.
 */

/** Operations delivery answers for other callers only: no route of the registry names them. */
const INTERNAL_OPERATIONS: readonly string[] = [
  // the operator's `delivery stage` admin command: services/gateway/src/admin/admin-commands.ts
  'delivery.set_stage',
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
  const context: DeliveryContext = {
    orm: untouched('orm'),
    config: untouched('config'),
    logger: untouched('logger'),
    blobs: untouched('blobs'),
    catalogue: untouched('catalogue'),
    supplyChain: untouched('supplyChain'),
    parties: untouched('parties'),
    validator: untouched('validator'),
    openSession: untouched('openSession'),
    wakeDeliveries: untouched('wakeDeliveries'),
    wakeQc: untouched('wakeQc'),
  };
  return Object.keys(deliveryOperations(context));
};

describe('the delivery operation table against the route registry', () => {
  it('is built without touching its context', () => {
    expect(handledOperations).not.toThrow();
  });

  it('has a handler for every delivery route', () => {
    expect(operationsOf('delivery').length).toBeGreaterThan(0);
    expect(notIn(operationsOf('delivery'), handledOperations())).toEqual([]);
  });

  it('has no handler that is neither a route nor a listed internal operation', () => {
    expect(notIn(handledOperations(), [...operationsOf('delivery'), ...INTERNAL_OPERATIONS])).toEqual([]);
  });

  it('lists as internal only handled operations that no route names', () => {
    expect(notIn(INTERNAL_OPERATIONS, handledOperations())).toEqual([]);
    expect(INTERNAL_OPERATIONS.filter((operation) => (operationsOf('delivery') as readonly string[]).includes(operation))).toEqual([]);
  });

  it('marks every delivery route built', () => {
    expect(routesOf('delivery').filter((route) => !route.built).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});
