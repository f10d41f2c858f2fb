import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpRequestDuration, httpRequests } from './kit-metrics.ts';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times one answered HTTP request. `route` is a name the server chose (a registry
 * path, "unmatched"), never the raw path, and an unknown method is "other": a caller cannot
 * mint new series.
 */
export const recordHttpRequest = (server: string, method: string, route: string, status: number, seconds: number): void => {
  const safeMethod = KNOWN_METHODS.has(method) ? method : 'other';
  httpRequests.inc({ server, method: safeMethod, route, status: String(status) });
  httpRequestDuration.observe({ server, method: safeMethod, route }, seconds);
};

/**
 * Middleware (express-compatible, no express types) that records each request once it is answered.
 * `routeOf` names the route from the request as routing left it.
 */
export const httpMetrics =
  <TRequest extends IncomingMessage>(server: string, routeOf: (req: TRequest) => string) =>
  (req: TRequest, res: ServerResponse, next: () => void): void => {
    const started = performance.now();
    res.once('finish', () => recordHttpRequest(server, req.method ?? 'other', routeOf(req), res.statusCode, (performance.now() - started) / 1000));
    next();
  };
