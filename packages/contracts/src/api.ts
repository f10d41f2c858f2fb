/** The only API major version served, and the dated payload contract (see the spec's Versioning). */
export const API_VERSION = 'v1';
export const SUPPORTED_VERSIONS = ['v1'] as const;
export const API_REVISION = '2026-05-18';
export const DOCS_URL_PATH = '/openapi.json';

export const Header = {
  apiVersion: 'X-API-Version',
  apiRevision: 'X-Service-API-Revision',
  env: 'X-Service-Env',
  requestId: 'X-Request-Id',
  idempotencyKey: 'Idempotency-Key',
  idempotentReplay: 'X-Service-Idempotent-Replay',
  tenantDomain: 'X-Tenant-Domain',
  rateLimitLimit: 'X-RateLimit-Limit',
  rateLimitRemaining: 'X-RateLimit-Remaining',
  rateLimitReset: 'X-RateLimit-Reset',
  retryAfter: 'Retry-After',
  signature: 'X-Service-Signature',
} as const;

export const SANDBOX_ENV_HEADER_VALUE = 'api-sandbox';

export const ENVIRONMENTS = ['production', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
