import { Header, type AnyRouteDefinition, type ResponseSpec } from '@sv/contracts';
import { responseHeaders } from './common-headers.ts';
import { errorResponseRef } from './error-responses.ts';
import { toJsonSchema } from './json-schema.ts';
import type { Reference, Response } from './openapi-types.ts';

/** The headers a route's successful answers add to the common ones. */
const successExtras = (route: AnyRouteDefinition): string[] => [
  ...(route.paginated ? ['Link'] : []),
  ...(route.idempotent ? [Header.idempotentReplay] : []),
  ...(route.sensitive ? ['Cache-Control'] : []),
];

const described = (route: AnyRouteDefinition, spec: ResponseSpec, extras: string[]): Response => ({
  description: spec.description,
  headers: responseHeaders({ counted: route.rate !== null, extra: extras }),
  ...(spec.body ? { content: { [spec.contentType ?? 'application/json']: { schema: toJsonSchema(spec.body, 'output') } } } : {}),
});

/**
 * Every status the route can answer: its successes as the registry declares them, then each error
 * status it lists, in the spec's error shape unless the registry gives that status a body of its own.
 */
export const routeResponses = (route: AnyRouteDefinition): Record<string, Response | Reference> => {
  const responses: Record<string, Response | Reference> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    if (spec) responses[status] = described(route, spec, successExtras(route));
  }
  for (const status of route.errors) {
    const own = route.errorResponses?.[status];
    responses[String(status)] = own ? described(route, own, []) : errorResponseRef(status);
  }
  return responses;
};
