import { operationsOf, routesOf, type RoutedService } from '@sv/contracts';

/** Sorted members of `items` that are not in `of`. */
const notIn = (items: Iterable<string>, of: Iterable<string>): string[] => {
  const known = new Set(of);
  return [...new Set(items)].filter((item) => !known.has(item)).sort();
};

/**
 * A context member an operation-table factory may only close over: reading any property of it,
 * or calling it, throws, so building the table proves nothing ran.
 */
export const untouchedContextMember = (member: string): never =>
  new Proxy(() => undefined, {
    get: (_target, property) => {
      throw new Error(`building the operation table read context.${member}.${String(property)}`);
    },
    apply: () => {
      throw new Error(`building the operation table called context.${member}()`);
    },
  }) as never;

/**
 * The route registry and a service's operation table must agree: every route of the service has
 * a handler, and every handler is a route's operation or one of `internal` (operations answered
 * for other services only, each listed by the caller with who calls it).
 */
export const describeRouteHandlers = (service: RoutedService, handledOperations: () => string[], internal: readonly string[]): void => {
  const routedOperations = (): string[] => routesOf(service).map((route) => route.operation as string);
  describe(`the ${service} operation table against the route registry`, () => {
    it('is built without touching its context', () => {
      expect(handledOperations).not.toThrow();
    });

    it(`has a handler for every ${service} route`, () => {
      expect(routedOperations().length).toBeGreaterThan(0);
      expect(notIn(routedOperations(), handledOperations())).toEqual([]);
    });

    it('has no handler that is neither a route nor a listed internal operation', () => {
      expect(notIn(handledOperations(), [...operationsOf(service), ...internal])).toEqual([]);
    });

    it('lists as internal only handled operations that no route names', () => {
      expect(notIn(internal, handledOperations())).toEqual([]);
      expect(internal.filter((operation) => (operationsOf(service) as readonly string[]).includes(operation))).toEqual([]);
    });
  });
};
