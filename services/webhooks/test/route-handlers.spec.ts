import { operationsOf, routesOf } from '@sv/contracts';
import type { WebhooksContext } from '../src/webhooks-context.ts';
import { webhooksOperations } from '../src/nats/operations.ts';

/*
 * The route registry and the webhooks service's operation table must agree: every webhooks route
 * has a handler, and every handler is a route's operation or one of the internal operations below.
 */

/** Operations the webhooks service answers for other services only: none, every handler is a route's. */
const INTERNAL_OPERATIONS: readonly string[] = [];

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
  const context: WebhooksContext = {
    orm: untouched('orm'),
    // webhookOperations copies these two settings into its use-cases' deps when it is built (a read:
    // nothing runs), so config is plain data here rather than an untouchable stand-in.
    config: { secretKey: 'unused', allowPrivateUrls: false } as WebhooksContext['config'],
    logger: untouched('logger'),
    dsps: untouched('dsps'),
  };
  return Object.keys(webhooksOperations(context));
};

describe('the webhooks operation table against the route registry', () => {
  it('is built without touching its context', () => {
    expect(handledOperations).not.toThrow();
  });

  it('has a handler for every webhooks route', () => {
    expect(operationsOf('webhooks').length).toBeGreaterThan(0);
    expect(notIn(operationsOf('webhooks'), handledOperations())).toEqual([]);
  });

  it('has no handler that is neither a route nor a listed internal operation', () => {
    expect(notIn(handledOperations(), [...operationsOf('webhooks'), ...INTERNAL_OPERATIONS])).toEqual([]);
  });

  it('lists as internal only handled operations that no route names', () => {
    expect(notIn(INTERNAL_OPERATIONS, handledOperations())).toEqual([]);
    expect(INTERNAL_OPERATIONS.filter((operation) => (operationsOf('webhooks') as readonly string[]).includes(operation))).toEqual([]);
  });

  it('marks every webhooks route built', () => {
    expect(routesOf('webhooks').filter((route) => !route.built).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});
