import {
  API_REVISION,
  AnyDspStageEvent,
  DSP_EVENT_STAGES,
  EVENT_CATALOGUE,
  RATE_LIMITS,
  ROUTES,
  UPLOAD_MAX_MEGABYTES,
  WebhookTestEvent,
  type AnyRouteDefinition,
} from '@sv/contracts';
import { buildOpenApiDocument } from '../src/app/openapi/openapi-document.ts';
import type { MediaType, Operation, Parameter, Reference, RequestBody } from '../src/app/openapi/openapi-types.ts';
import { SERVERS, concretePath, documentedOperations, routeServing } from './support/documented-operations.ts';

const document = buildOpenApiDocument(SERVERS);
const operations = documentedOperations(document);

/** The registry route each documented operation stands for. */
const routeOf = (method: string, path: string): AnyRouteDefinition => routeServing(method, concretePath(path))!;

const operationAt = (method: string, path: string): Operation => {
  const found = operations.find((entry) => entry.method === method && entry.path === path);
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found.operation;
};

const parametersOf = (operation: Operation): Parameter[] =>
  operation.parameters.map((parameter) =>
    '$ref' in parameter ? document.components.parameters[(parameter as Reference).$ref.split('/').pop()!]! : (parameter as Parameter),
  );

const parameterNames = (operation: Operation, where: Parameter['in']): string[] =>
  parametersOf(operation)
    .filter((parameter) => parameter.in === where)
    .map((parameter) => parameter.name);

const statuses = (operation: Operation): number[] => Object.keys(operation.responses).map(Number);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 at the payload revision, with the production and sandbox servers it was given', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(API_REVISION);
    expect(document.info.title).toBeTruthy();
    expect(document.servers.map((server) => server.url)).toEqual([SERVERS.publicBaseUrl, SERVERS.sandboxBaseUrl]);
  });

  it('writes express parameters in braces and declares each as a required path parameter', () => {
    expect(Object.keys(document.paths).filter((path) => path.includes(':'))).toEqual([]);
    const preview = operationAt('GET', '/releases/{uuid}/ddex/preview/{file}');
    expect(parametersOf(preview).filter((parameter) => parameter.in === 'path')).toEqual([
      expect.objectContaining({ name: 'uuid', required: true, schema: expect.objectContaining({ format: 'uuid' }) }),
      expect.objectContaining({ name: 'file', required: true }),
    ]);
  });

  it('takes query parameters from the registry query schema', () => {
    const list = operationAt('GET', '/releases');
    expect(parameterNames(list, 'query')).toEqual(['page', 'per_page', 'cursor', 'mode', 'status', 'type']);
    expect(parametersOf(list).find((parameter) => parameter.name === 'per_page')).toMatchObject({ schema: { default: 20, maximum: 100 }, example: 20 });
  });

  it('uses the registry operation as operationId, unique across the document, and one tag per service', () => {
    const ids = operations.map((entry) => entry.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationAt('PATCH', '/releases/{uuid}').operationId).toBe('releases.update');
    expect(operationAt('PUT', '/releases/{uuid}').operationId).toBe('releases.update.put');
    for (const { method, path, operation } of operations) {
      const route = routeOf(method, path);
      expect(operation.tags).toEqual([route.service]);
      expect(operation.summary).toBe(route.summary);
    }
    expect(document.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['gateway', 'catalogue', 'royalties', 'analytics']));
  });

  it('accepts an API key or an access token, and no token on anonymous routes', () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'svk_…' });
    expect(document.components.securitySchemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.security).toEqual([{ apiKey: [] }, { accessToken: [] }]);
    for (const { method, path, operation } of operations) {
      expect([path, operation.security]).toEqual([path, routeOf(method, path).anonymous ? [] : undefined]);
    }
  });

  it("answers each route's error statuses in the spec's error shape", () => {
    for (const { method, path, operation } of operations) {
      const route = routeOf(method, path);
      const errors = statuses(operation).filter((status) => status >= 400);
      expect([path, errors]).toEqual([path, [...route.errors]]);
      expect([path, errors.includes(401)]).toEqual([path, !route.anonymous || route.errors.includes(401)]);
      expect([path, errors.includes(429)]).toEqual([path, path !== '/health']);
      expect([path, errors.includes(404)]).toEqual([path, path.includes('{') || route.errors.includes(404)]);
      expect([path, errors.includes(422)]).toEqual([path, Boolean(route.request.body || route.request.query || route.upload) || route.errors.includes(422)]);
      if (route.upload) expect(errors).toEqual(expect.arrayContaining([413, 415]));
    }
    expect(operationAt('POST', '/auth/login').responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(document.components.responses.TooManyRequests?.headers).toHaveProperty('Retry-After');
    expect(document.components.schemas.ErrorBody).toMatchObject({ properties: { error: { type: 'string' } }, required: ['error'] });
  });

  it("keeps a status's own body where the registry gives one (the health probe's 503)", () => {
    const health = operationAt('GET', '/health');
    expect(health.responses['503']).toMatchObject({ content: { 'application/json': { schema: { properties: { checks: expect.any(Object) } } } } });
    expect(health.responses['200']).not.toHaveProperty(['headers', 'X-RateLimit-Limit']);
  });

  it('describes success bodies and the headers every answer carries', () => {
    const get = operationAt('GET', '/releases/{uuid}');
    const ok = get.responses['200'] as { headers: Record<string, unknown>; content: Record<string, MediaType> };
    expect(Object.keys(ok.headers)).toEqual(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-API-Version', 'X-Service-API-Revision', 'X-Request-Id']);
    expect(ok.content['application/json']!.schema).toMatchObject({ properties: { release: { properties: { uuid: { format: 'uuid' } } } } });
    expect(operationAt('DELETE', '/releases/{uuid}').responses['204']).not.toHaveProperty('content');
    expect(operationAt('GET', '/releases/{uuid}/ddex/preview/{file}').responses['200']).toHaveProperty(['content', 'application/xml; charset=utf-8']);
  });

  it('names the rate category and the request headers each route honours', () => {
    for (const { method, path, operation } of operations) {
      const route = routeOf(method, path);
      expect([path, operation['x-rate-limit-category']]).toEqual([path, route.rate ?? undefined]);
      const headers = parameterNames(operation, 'header');
      expect([path, headers]).toEqual([path, [...(route.idempotent ? ['Idempotency-Key'] : []), 'X-API-Version', 'X-Tenant-Domain']]);
    }
    expect(operationAt('POST', '/ingestion/bulk').description).toContain(`${RATE_LIMITS.ingestion_bulk} requests per minute`);
  });

  it('describes both pagination modes on paginated lists', () => {
    const paginated = operations.filter(({ method, path }) => routeOf(method, path).paginated);
    expect(paginated.length).toBeGreaterThan(10);
    for (const { path, operation } of paginated) {
      expect([path, operation['x-pagination']]).toEqual([path, 'page_or_cursor']);
      expect(operation.description).toMatch(/offset mode.*cursor mode/s);
      expect(Object.keys((operation.responses['200'] as { headers: object }).headers)).toContain('Link');
    }
  });

  it('describes uploads as multipart with a binary file under its size cap, and raw bodies where allowed', () => {
    const artwork = operationAt('POST', '/releases/{uuid}/artwork').requestBody as RequestBody;
    expect(Object.keys(artwork.content)).toEqual(['multipart/form-data']);
    expect(artwork.content['multipart/form-data']!.schema).toEqual({
      type: 'object',
      required: ['artwork'],
      properties: { artwork: expect.objectContaining({ type: 'string', format: 'binary', maxLength: UPLOAD_MAX_MEGABYTES.image * 1024 * 1024 }) },
    });
    const ddex = operationAt('POST', '/ingestion/ddex').requestBody as RequestBody;
    expect(Object.keys(ddex.content)).toEqual(['multipart/form-data', 'application/xml', 'text/xml']);
    expect(ddex.description).toContain(`${UPLOAD_MAX_MEGABYTES.document} MB`);
  });

  it('gives every JSON request body an example its registry schema accepts', () => {
    const withBodies = operations.filter(({ method, path }) => routeOf(method, path).request.body);
    expect(withBodies.length).toBeGreaterThan(30);
    for (const { method, path, operation } of withBodies) {
      const json = (operation.requestBody as RequestBody).content['application/json']!;
      const parsed = routeOf(method, path).request.body!.safeParse(json.example);
      expect([method, path, parsed.success ? 'accepted' : parsed.error.issues]).toEqual([method, path, 'accepted']);
    }
  });

  it('lists the other spellings of a route at their own paths, marked as aliases of the canonical one', () => {
    expect(operationAt('POST', '/auth/refresh')['x-aliases']).toEqual(['/auth/token/refresh']);
    expect(operationAt('POST', '/tracks/{uuid}/audio')['x-aliases']).toEqual(['/tracks/{uuid}/upload']);
    const alias = operationAt('POST', '/auth/token/refresh');
    expect(alias).toMatchObject({ operationId: 'auth.refresh.alias', 'x-alias-of': '/auth/refresh', summary: operationAt('POST', '/auth/refresh').summary });
    expect(alias.description).toContain('Alias of `POST /auth/refresh`');
    // The spec lists it as another name, not as a way out.
    expect(alias).not.toHaveProperty('deprecated');
    expect(alias.responses).toEqual(operationAt('POST', '/auth/refresh').responses);
    expect(operationAt('POST', '/tracks/{uuid}/upload')['x-alias-of']).toBe('/tracks/{uuid}/audio');
    expect(ROUTES.filter((route) => route.aliasOf).length).toBeGreaterThan(0);
  });
});

describe('the webhooks of the OpenAPI document', () => {
  const entries = Object.entries(document.webhooks).map(([name, item]) => ({ name, operation: item.post! }));
  const example = (operation: Operation) => (operation.requestBody as RequestBody).content['application/json']!.example as Record<string, any>;

  it('has one entry per catalogue event, the per-store stages one per stage, and webhook.test', () => {
    const plain = EVENT_CATALOGUE.filter((event) => event !== AnyDspStageEvent).map((event) => event.name);
    const stages = DSP_EVENT_STAGES.map((stage) => `release.dsp.*.${stage}`);
    expect(entries.map((entry) => entry.name).sort()).toEqual([WebhookTestEvent.name, ...plain, ...stages].sort());
  });

  it('shows each delivery as the envelope around the event payload, with an example the payload schema accepts', () => {
    for (const { name, operation } of entries) {
      const body = example(operation);
      expect(body).toMatchObject({ type: expect.any(String), api_version: API_REVISION, id: expect.any(String), created_at: expect.any(String) });
      const event = [WebhookTestEvent, ...EVENT_CATALOGUE].find((candidate) => candidate.name === name) ?? AnyDspStageEvent;
      const parsed = event.data.safeParse(body.data);
      expect([name, parsed.success ? 'accepted' : parsed.error.issues]).toEqual([name, 'accepted']);
      expect(operation.security).toEqual([]);
      expect(parametersOf(operation).map((parameter) => parameter.name)).toEqual(['X-Service-Signature', 'X-Service-Event-Id', 'X-Service-Delivery-Attempt']);
    }
    expect(document.components.schemas.WebhookEnvelope).toMatchObject({ required: ['id', 'type', 'created_at', 'api_version', 'data'] });
  });

  it("names the store and stage of a per-store stage event in its example, and marks release.approved deprecated", () => {
    expect(example(document.webhooks['release.dsp.*.live']!.post!)).toMatchObject({ type: 'release.dsp.spotify.live', data: { dsp: 'spotify', stage: 'live' } });
    expect(document.webhooks['release.approved']!.post!.deprecated).toBe(true);
    expect(document.webhooks['release.delivered']!.post!.deprecated).toBeUndefined();
  });
});
