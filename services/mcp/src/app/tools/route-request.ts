import type { AnyRouteDefinition } from '@sv/contracts';
import { fillPath } from './path-params.ts';
import type { ArgumentPlaces } from './tool-input.ts';

/** The parts of the HTTP request a tool call makes, sorted out of its flat arguments. */
export interface RouteRequestParts {
  /** The path with its parameters filled in, and the query string. */
  target: string;
  /** Body fields of a write (JSON, or an upload's form fields); undefined when there are none to send. */
  body: Record<string, unknown> | undefined;
  idempotencyKey: string | undefined;
}

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

const appendQuery = (query: URLSearchParams, key: string, value: unknown): void => {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(query, key, item);
    return;
  }
  query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
};

/**
 * Path parameters into the path (checked against the registry first: a path argument decides
 * which route is called), query arguments into the query string, everything else into the body
 * of a write (or the query of a read): those go as the caller gave them, for the gateway to judge. The upload's file and the idempotency key are not part of any of these.
 */
export const routeRequestParts = (route: AnyRouteDefinition, places: ArgumentPlaces, args: Record<string, unknown>): RouteRequestParts => {
  const path = fillPath(route, args);
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  const placed = new Set([...places.params, ...places.control]);
  const isWrite = WRITES.has(route.method);
  for (const [key, value] of Object.entries(args)) {
    if (placed.has(key) || value === undefined) continue;
    if (places.query.includes(key) || !isWrite) appendQuery(query, key, value);
    else body[key] = value;
  }
  const search = query.toString();
  const idempotencyKey = typeof args.idempotency_key === 'string' && places.control.includes('idempotency_key') ? args.idempotency_key : undefined;
  // A write with a declared body always sends one ({} at least); a bodiless action sends none.
  const sendsBody = isWrite && (Object.keys(body).length > 0 || route.request.body !== undefined);
  return { target: search ? `${path}?${search}` : path, body: sendsBody ? body : undefined, idempotencyKey };
};
