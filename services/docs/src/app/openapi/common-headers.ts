import { API_REVISION, API_VERSION, Header as HeaderName, SUPPORTED_VERSIONS } from '@sv/contracts';
import type { Header, Parameter, Reference } from './openapi-types.ts';

const ref = (kind: 'headers' | 'parameters', name: string): Reference => ({ $ref: `#/components/${kind}/${name}` });

/** Response headers (components.headers), keyed by their header name. */
export const RESPONSE_HEADERS: Record<string, Header> = {
  [HeaderName.rateLimitLimit]: { description: "Requests allowed per minute in this route's rate category.", schema: { type: 'integer' } },
  [HeaderName.rateLimitRemaining]: { description: 'Requests left in the current one-minute window.', schema: { type: 'integer' } },
  [HeaderName.rateLimitReset]: { description: 'When the current window ends (Unix time, seconds).', schema: { type: 'integer' } },
  [HeaderName.apiVersion]: { description: 'The API major version that served the request.', schema: { type: 'string', const: API_VERSION } },
  [HeaderName.apiRevision]: {
    description: 'The dated payload contract; the same string as `api_version` in webhook envelopes.',
    schema: { type: 'string', const: API_REVISION },
  },
  [HeaderName.requestId]: { description: 'The identifier of this request; quote it to support.', schema: { type: 'string' } },
  [HeaderName.retryAfter]: { description: 'Seconds to wait before the next request.', schema: { type: 'integer' } },
  Link: { description: 'While another page exists: `<…>; rel="next"`, the URL of the next page.', schema: { type: 'string' } },
  [HeaderName.idempotentReplay]: {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key and body.',
    schema: { type: 'string', const: 'true' },
  },
  'Cache-Control': { description: '`no-store`: the answer carries a credential and no cache may keep it.', schema: { type: 'string', const: 'no-store' } },
};

/** The headers every response carries; counted routes add the rate-limit trio. */
export const responseHeaders = (options: { counted: boolean; extra?: string[] }): Record<string, Reference> => {
  const names = [
    ...(options.counted ? [HeaderName.rateLimitLimit, HeaderName.rateLimitRemaining, HeaderName.rateLimitReset] : []),
    HeaderName.apiVersion,
    HeaderName.apiRevision,
    HeaderName.requestId,
    ...(options.extra ?? []),
  ];
  return Object.fromEntries(names.map((name) => [name, ref('headers', name)]));
};

/** Request headers (components.parameters), keyed by their header name. */
export const HEADER_PARAMETERS: Record<string, Parameter> = {
  [HeaderName.idempotencyKey]: {
    name: HeaderName.idempotencyKey,
    in: 'header',
    required: false,
    description:
      'Makes a retry safe: the same key and body within 24 hours returns the stored answer (with `X-Service-Idempotent-Replay: true`) ' +
      'without running the operation again; the same key with another body is 422. Scoped per tenant, at most 255 characters.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
    example: '8e0c7a52-3b1f-4d55-9a6e-2f4d1c0b9a77',
  },
  [HeaderName.apiVersion]: {
    name: HeaderName.apiVersion,
    in: 'header',
    required: false,
    description: 'The API major version wanted. The version in the path wins when both are given; an unsupported one is 400.',
    schema: { type: 'string', enum: [...SUPPORTED_VERSIONS] },
  },
  [HeaderName.tenantDomain]: {
    name: HeaderName.tenantDomain,
    in: 'header',
    required: false,
    description: 'Resolves the tenant by its domain when the token does not name one (login on a white-label domain).',
    schema: { type: 'string' },
  },
};

export const headerParameter = (name: string): Reference => ref('parameters', name);
