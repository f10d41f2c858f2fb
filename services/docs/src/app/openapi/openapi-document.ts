import { API_REVISION, ROUTES, type AnyRouteDefinition } from '@sv/contracts';
import { HEADER_PARAMETERS, RESPONSE_HEADERS } from './common-headers.ts';
import { errorResponseComponents, errorSchemas } from './error-responses.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { OVERVIEW } from './overview-text.ts';
import { documentedRoutes, routePaths } from './paths.ts';
import { SECURITY_SCHEMES, TOKEN_REQUIRED } from './security-schemes.ts';
import { serviceTags } from './service-tags.ts';
import { WEBHOOK_TAG, webhookComponents, webhookItems } from './webhooks.ts';

export interface OpenApiOptions {
  /** `{base_url}`, e.g. http://127.0.0.1:8080/v1. */
  publicBaseUrl: string;
  /** `{sandbox_base_url}`, e.g. http://127.0.0.1:8081/api/v1. */
  sandboxBaseUrl: string;
  /** The routes to describe; the registry's by default (tests pass a subset). */
  routes?: readonly AnyRouteDefinition[];
}

/** The OpenAPI 3.1 description of the public API, generated from the route registry and the event catalogue. */
export const buildOpenApiDocument = (options: OpenApiOptions): OpenApiDocument => {
  const routes = options.routes ?? ROUTES;
  const webhooks = webhookComponents();
  return {
    openapi: '3.1.0',
    info: { title: 'Music Distribution Service API', version: API_REVISION, description: OVERVIEW },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [
      { url: options.publicBaseUrl, description: 'Production' },
      { url: options.sandboxBaseUrl, description: 'Sandbox: its own data, tokens and keys; nothing reaches a store and no money moves.' },
    ],
    security: TOKEN_REQUIRED,
    tags: [...serviceTags(documentedRoutes(routes).map((route) => route.service)), { name: WEBHOOK_TAG, description: 'What a subscription receives: the envelope and each event’s payload.' }],
    paths: routePaths(routes),
    webhooks: webhookItems(),
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { ...errorSchemas(), ...webhooks.schemas },
      parameters: { ...HEADER_PARAMETERS, ...webhooks.parameters },
      headers: RESPONSE_HEADERS,
      responses: errorResponseComponents(),
    },
  };
};
