import { randomUUID } from 'node:crypto';
import { Messages, ROUTES, type AnyRouteDefinition } from '@sv/contracts';
import { apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';
import { MAX_NESTING_DEPTH, TextSafetyMessages } from '../src/http/middleware/text-safety.ts';

const TIMEOUT_MS = 45_000;
const HOSTILE_DEPTH = 5_000;

/** Path parameters that are not UUIDs get a plausible value, so the path still matches its route. */
const SAMPLE_PARAMS: Record<string, string> = { locale: 'fr', slug: 'spotify', asset_type: 'spotify_canvas', file: 'spotify.xml' };
const concretePath = (path: string): string => `/v1${path.replace(/:([a-z_]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? randomUUID())}`;

interface HostileShape {
  name: string;
  raw: string;
  status: number;
  body: Record<string, unknown>;
}

const validationFailed = (errors: Record<string, string[]>) => ({ success: false, error: Messages.validationFailed, errors });

const HOSTILE_SHAPES: readonly HostileShape[] = [
  {
    name: 'NUL in a string field',
    raw: JSON.stringify({ name: 'before\u0000after' }),
    status: 422,
    body: validationFailed({ name: [TextSafetyMessages.nul('name')] }),
  },
  {
    name: 'a lone surrogate',
    raw: '{"name":"\\ud800"}',
    status: 422,
    body: validationFailed({ name: [TextSafetyMessages.loneSurrogate('name')] }),
  },
  {
    name: `${HOSTILE_DEPTH}-deep nesting`,
    raw: `{"name":${'['.repeat(HOSTILE_DEPTH)}${']'.repeat(HOSTILE_DEPTH)}}`,
    status: 422,
    body: validationFailed({ body: [TextSafetyMessages.tooDeep(MAX_NESTING_DEPTH)] }),
  },
  {
    name: 'unparsable JSON',
    raw: '{"name": "unterminated',
    status: 400,
    body: { success: false, error: Messages.malformedJson },
  },
];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const jsonWriteRoutes = ROUTES.filter((route) => WRITE_METHODS.has(route.method) && !route.upload);

const expectSpecErrorShape = (response: ApiResponse) => {
  expect(response.headers.get('x-request-id')).toMatch(/\S/);
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.body).toMatchObject({ success: false, error: expect.any(String) });
  if (response.status === 422) expect(response.body.errors).toEqual(expect.any(Object));
};

/**
 * Text no service can store (NUL, lone surrogates), nesting that would exhaust a recursive
 * step, and broken JSON are refused at the edge with a 4xx in the spec's error shape, on every
 * route that takes a JSON body; the platform is unharmed afterwards.
 */
describe('hostile input at the edge', () => {
  let platform: TestPlatform;
  let key: string;

  beforeAll(async () => {
    // Hundreds of requests from one key in a minute: raise the limits rather than wait them out.
    platform = await startPlatform({ env: { SV_RATE_LIMIT_MULTIPLIER: '1000' } });
    await platform.adminOk('tenant', 'create', '--slug', 'hostile', '--name', 'Hostile');
    key = (await platform.adminOk('key', 'create', '--tenant', 'hostile', '--role', 'owner')).key as string;
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const send = (route: AnyRouteDefinition, shape: HostileShape) =>
    apiRequest(platform.baseUrl, concretePath(route.path), {
      method: route.method,
      key: route.anonymous ? undefined : key,
      raw: shape.raw,
      headers: { 'content-type': 'application/json' },
    });

  it('finds write routes to try, forwarded and the gateway own', () => {
    expect(jsonWriteRoutes.filter((route) => route.service !== 'gateway').length).toBeGreaterThan(40);
    expect(jsonWriteRoutes.some((route) => route.service === 'gateway')).toBe(true);
  });

  it.each(jsonWriteRoutes.map((route) => [route.method, route.path, route] as const))(
    '%s %s refuses every hostile body with a 4xx in the spec shape',
    async (_method, _path, route) => {
      const responses = await Promise.all(HOSTILE_SHAPES.map((shape) => send(route, shape)));
      responses.forEach((response, index) => {
        const shape = HOSTILE_SHAPES[index]!;
        expectSpecErrorShape(response);
        // A forwarded route reads its body before anything else; some of the gateway's own (refresh,
        // logout, login-as) read none and refuse an API key as the caller first.
        const callerRefused = route.service === 'gateway' && [401, 403].includes(response.status);
        if (!callerRefused) expect([shape.name, response.status, response.body]).toEqual([shape.name, shape.status, shape.body]);
      });
    },
    TIMEOUT_MS,
  );

  it.each([
    ['password', { email: 'someone@hostile.test', password: 'pass\u0000word', tenant_slug: 'hostile' }],
    ['email', { email: 'someone\u0000@hostile.test', password: 'password', tenant_slug: 'hostile' }],
  ])('refuses an unauthenticated login with NUL in the %s: 422 before any lookup', async (field, body) => {
    const response = await apiRequest(platform.baseUrl, '/v1/auth/login', { method: 'POST', body });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(validationFailed({ [field]: [TextSafetyMessages.nul(field)] }));
  });

  it('refuses NUL in a query value (422) and treats it in a path parameter as naming nothing (404)', async () => {
    const query = await apiRequest(platform.baseUrl, '/v1/artists?search=a%00b', { key });
    expect(query.status).toBe(422);
    expect(query.body).toEqual(validationFailed({ search: [TextSafetyMessages.nul('search')] }));

    const param = await apiRequest(platform.baseUrl, `/v1/releases/${randomUUID()}/localizations/fr%00`, { key, method: 'PUT', body: {} });
    expect(param.status).toBe(404);
    expect(param.body).toEqual({ success: false, error: Messages.endpointNotFound });
  });

  it('refuses NUL in a multipart text field (422), as in a JSON body', async () => {
    const form = new FormData();
    form.append('title', 'a\u0000b');
    const response = await apiRequest(platform.baseUrl, `/v1/tracks/${randomUUID()}/audio`, { key, method: 'POST', raw: form });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(validationFailed({ title: [TextSafetyMessages.nul('title')] }));
  });

  it('answers 400 for a compressed body that does not decompress', async () => {
    const response = await apiRequest(platform.baseUrl, '/v1/artists', {
      key,
      method: 'POST',
      raw: 'this is not gzip',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: Messages.malformedJson });
  });

  it('leaves the gateway and the catalogue healthy, with no unhandled error logged', async () => {
    const health = await apiRequest(platform.baseUrl, '/health');
    expect(health.status).toBe(200);
    expect(health.body.checks.db.ok).toBe(true);
    // A forwarded read proves the catalogue still answers over NATS.
    const artists = await apiRequest(platform.baseUrl, '/v1/artists', { key });
    expect(artists.status).toBe(200);
    expect(platform.catalogue?.child.exitCode).toBeNull();
    expect(platform.gateways[0]!.process.logs.filter((line) => line.msg === 'unhandled error')).toEqual([]);
  });
});
