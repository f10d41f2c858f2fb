import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AnyRouteDefinition } from '@sv/contracts';
import { locals } from '../locals.ts';

/** Runs express handlers in order, as a route would, forwarding errors (thrown or rejected) to `done`. */
const runChain = (handlers: readonly RequestHandler[], req: Request, res: Response, done: NextFunction): void => {
  let index = 0;
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) {
      done(error);
      return;
    }
    const handler = handlers[index++];
    if (!handler) {
      done();
      return;
    }
    try {
      const result: unknown = handler(req, res, step);
      if (result instanceof Promise) result.catch(step);
    } catch (thrown) {
      step(thrown);
    }
  };
  step();
};

/**
 * Sends a request whose route was already found (resolveRoute) straight to that route's
 * handlers, forwarded or the gateway's own alike, instead of matching the path again as a
 * router would. A route without handlers falls through (to the 404).
 */
export const dispatchRoute =
  (chains: ReadonlyMap<AnyRouteDefinition, readonly RequestHandler[]>) =>
  (req: Request, res: Response, next: NextFunction): void => {
    const route = locals(res).route;
    const chain = route ? chains.get(route.definition) : undefined;
    if (!route || !chain) {
      next();
      return;
    }
    req.params = route.params;
    runChain(chain, req, res, next);
  };
