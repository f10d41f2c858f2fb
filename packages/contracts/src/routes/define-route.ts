import type { RoutedService } from './operations/service-operations.ts';
import {
  ERROR_STATUSES,
  type ErrorStatus,
  type HttpMethod,
  type RateCategory,
  type RouteDefinition,
  type RouteRequest,
} from './route-definition.ts';

/** Methods whose writes honour Idempotency-Key (spec: POST, PUT and PATCH; GET and DELETE ignore it). */
const KEYED_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH']);

type RequiredInput = 'method' | 'path' | 'service' | 'operation' | 'summary' | 'responses';
type OptionalInput =
  | 'upload'
  | 'errorResponses'
  | 'paginated'
  | 'aliasOf'
  | 'anonymous'
  | 'idempotent'
  | 'sensitive'
  | 'serviceTimeoutMs'
  | 'cached'
  | 'edge';

export interface RouteInput<TService extends RoutedService>
  extends Pick<RouteDefinition<TService>, RequiredInput>,
    Partial<Pick<RouteDefinition<TService>, OptionalInput>> {
  request?: RouteRequest;
  /** Default general; null for a route that is never counted. */
  rate?: RateCategory | null;
  /** Statuses beyond the ones every route of its kind can give (see standardErrors). */
  errors?: readonly ErrorStatus[];
}

/**
 * Statuses that follow from what the route is, so that entries list only their own refusals:
 * any route can meet a bad X-API-Version header (400) and an unreachable database or service
 * (503); a token brings 401, the overdue invoice's 402 and the role and suspension 403s; a
 * counted route can be 429; a path parameter names a record (404, also when it does not parse);
 * a query or body can be invalid (422); a body can be malformed (400) or too large (413); an
 * upload's type can be refused (415); a keyed write can reuse a key with another body (422) or
 * meet it still in progress (409).
 */
const standardErrors = (input: RouteInput<RoutedService>, idempotent: boolean, rate: RateCategory | null): ErrorStatus[] => {
  const { request = {}, upload, anonymous = false, path } = input;
  const statuses: ErrorStatus[] = [400, 503];
  if (!anonymous) statuses.push(401, 402, 403);
  if (rate !== null) statuses.push(429);
  if (path.includes(':')) statuses.push(404);
  if (request.query || request.body || upload) statuses.push(422);
  if (request.body || upload) statuses.push(413);
  if (upload) statuses.push(415);
  if (idempotent) statuses.push(409, 422);
  return statuses;
};

/** A route with the registry's defaults: general rate, a token needed, POST/PUT/PATCH keyed unless an upload, not sensitive. */
export const defineRoute = <TService extends RoutedService>(input: RouteInput<TService>): RouteDefinition<TService> => {
  const rate = input.rate === undefined ? 'general' : input.rate;
  // Multipart uploads are not keyed: the fingerprint is method, path and JSON body, which cannot tell two files apart.
  const idempotent = input.idempotent ?? (KEYED_METHODS.has(input.method) && input.upload === undefined);
  const listed = new Set<ErrorStatus>([...standardErrors(input, idempotent, rate), ...(input.errors ?? [])]);
  const route: RouteDefinition<TService> = {
    method: input.method,
    path: input.path,
    service: input.service,
    operation: input.operation,
    summary: input.summary,
    rate,
    anonymous: input.anonymous ?? false,
    idempotent,
    sensitive: input.sensitive ?? false,
    request: input.request ?? {},
    responses: input.responses,
    errors: ERROR_STATUSES.filter((status) => listed.has(status)),
  };
  if (input.upload) route.upload = input.upload;
  if (input.errorResponses) route.errorResponses = input.errorResponses;
  if (input.paginated) route.paginated = input.paginated;
  if (input.aliasOf) route.aliasOf = input.aliasOf;
  if (input.serviceTimeoutMs) route.serviceTimeoutMs = input.serviceTimeoutMs;
  if (input.edge) route.edge = input.edge;
  if (input.cached) {
    if (input.method !== 'GET' || input.service !== 'catalogue') throw new Error(`${input.method} ${input.path}: only catalogue GET routes can be cached`);
    route.cached = true;
  }
  return route;
};
