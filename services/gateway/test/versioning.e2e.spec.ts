import { API_REVISION, Messages } from '@sv/contracts';
import { apiClient, apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

const DOCS_URL = 'https://docs.versioning.example';

const unsupportedBody = (version: string) => ({
  success: false,
  error: `Unsupported API version "${version}". This API serves: v1.`,
  errors: {
    requested_version: version,
    current_version: 'v1',
    supported_versions: ['v1'],
    docs: expect.any(String),
  },
});

const expectVersionHeaders = (response: ApiResponse) => {
  expect(response.headers.get('x-api-version')).toBe('v1');
  expect(response.headers.get('x-service-api-revision')).toBe('2026-05-18');
  expect(response.headers.get('x-service-api-revision')).toBe(API_REVISION);
};

describe('API versioning', () => {
  let platform: TestPlatform;
  let key: string;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    platform = await startPlatform({ env: { SV_DOCS_URL: DOCS_URL, SV_CORS_ORIGINS: 'https://app.example' } });
    const tenant = await platform.admin('tenant', 'create', '--slug', 'versioned', '--name', 'Versioned Records');
    expect(tenant.code).toBe(0);
    const created = await platform.admin('key', 'create', '--tenant', 'versioned', '--role', 'owner');
    expect(created.code).toBe(0);
    key = created.json.key;
    api = apiClient(platform.baseUrl, key);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  describe('/v1 and unversioned paths are the same routes', () => {
    it('GET /v1/users/me and GET /users/me both answer 200 with the same caller', async () => {
      const versioned = await api('/v1/users/me');
      const unversioned = await api('/users/me');
      expect(versioned.status).toBe(200);
      expect(unversioned.status).toBe(200);
      expect(versioned.body.data.workspace.slug).toBe('versioned');
      expect(unversioned.body.data).toEqual(versioned.body.data);
    });

    it('a record created through /v1 is read back unversioned and vice versa', async () => {
      const viaV1 = await api('/v1/artists', { body: { name: 'Path One', slug: 'path-one' } });
      expect(viaV1.status).toBe(201);
      const viaPlain = await api('/artists', { body: { name: 'Path Two', slug: 'path-two' } });
      expect(viaPlain.status).toBe(201);

      const readPlain = await api(`/artists/${viaV1.body.artist.uuid}`);
      expect(readPlain.status).toBe(200);
      expect(readPlain.body.artist.slug).toBe('path-one');
      const readV1 = await api(`/v1/artists/${viaPlain.body.artist.uuid}`);
      expect(readV1.status).toBe(200);
      expect(readV1.body.artist.slug).toBe('path-two');

      const listV1 = await api('/v1/artists');
      const listPlain = await api('/artists');
      expect(listV1.status).toBe(200);
      expect(listPlain.body).toEqual(listV1.body);
      expect(listV1.body.artists.map((artist: { slug: string }) => artist.slug)).toEqual(
        expect.arrayContaining(['path-one', 'path-two']),
      );
    });

    it('an unknown path is 404 both ways', async () => {
      for (const path of ['/v1/no-such-thing', '/no-such-thing']) {
        const response = await api(path);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, error: Messages.endpointNotFound });
      }
    });

    it('share idempotency keys: a /v1 request replayed unversioned returns the stored response', async () => {
      const body = { name: 'Idempotent Versions', slug: 'idempotent-versions' };
      const headers = { 'Idempotency-Key': 'versioning-shared-key-1' };
      const first = await api('/v1/artists', { body, headers });
      expect(first.status).toBe(201);
      expect(first.headers.get('x-service-idempotent-replay')).toBeNull();
      const replay = await api('/artists', { body, headers });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('x-service-idempotent-replay')).toBe('true');
      expect(replay.body.artist.uuid).toBe(first.body.artist.uuid);
      const list = await api('/artists');
      expect(list.body.artists.filter((artist: { slug: string }) => artist.slug === 'idempotent-versions')).toHaveLength(1);
    });

    it('share rate-limit buckets: a /v1 request and an unversioned one count against the same window', async () => {
      let checked = false;
      for (let attempt = 0; attempt < 3 && !checked; attempt++) {
        const plain = await api('/users/me');
        const versioned = await api('/v1/users/me');
        // Compare only within one window; a window boundary between the two calls is retried.
        if (plain.headers.get('x-ratelimit-reset') !== versioned.headers.get('x-ratelimit-reset')) continue;
        expect(Number(versioned.headers.get('x-ratelimit-remaining'))).toBe(Number(plain.headers.get('x-ratelimit-remaining')) - 1);
        checked = true;
      }
      expect(checked).toBe(true);
    });
  });

  describe('X-API-Version and X-Service-API-Revision on every response', () => {
    it.each<[string, number, () => Promise<ApiResponse>]>([
      ['200 GET /users/me', 200, () => api('/users/me')],
      ['200 GET /v1/artists', 200, () => api('/v1/artists')],
      ['201 POST /artists', 201, () => api('/artists', { body: { name: 'Header Check', slug: 'header-check' } })],
      ['400 malformed JSON', 400, () => api('/artists', { method: 'POST', raw: '{"name":', headers: { 'content-type': 'application/json' } })],
      ['400 unsupported version header', 400, () => api('/artists', { headers: { 'X-API-Version': 'v3' } })],
      ['401 no token', 401, () => apiRequest(platform.baseUrl, '/users/me')],
      ['401 bad key', 401, () => apiRequest(platform.baseUrl, '/v1/artists', { key: 'svk_nope' })],
      ['404 unknown path', 404, () => api('/no-such-thing')],
      ['404 bare /v1', 404, () => apiRequest(platform.baseUrl, '/v1')],
      ['404 unsupported version path', 404, () => apiRequest(platform.baseUrl, '/v2/artists')],
      ['404 record not found', 404, () => api('/artists/00000000-0000-4000-8000-000000000000')],
      ['409 slug taken', 409, async () => {
        await api('/artists', { body: { name: 'Taken', slug: 'taken-slug' } });
        return api('/artists', { body: { name: 'Taken Again', slug: 'taken-slug' } });
      }],
      ['422 validation', 422, () => api('/artists', { body: {} })],
      ['503 service not running', 503, () => api('/webhooks')],
      ['200 health', 200, () => apiRequest(platform.baseUrl, '/health')],
    ])('%s', async (_label, status, send) => {
      const response = await send();
      expect(response.status).toBe(status);
      expectVersionHeaders(response);
    });

    it('204 DELETE /artists/{uuid}', async () => {
      const created = await api('/artists', { body: { name: 'To Delete', slug: 'to-delete' } });
      expect(created.status).toBe(201);
      const response = await api(`/v1/artists/${created.body.artist.uuid}`, { method: 'DELETE' });
      expect(response.status).toBe(204);
      expectVersionHeaders(response);
    });

    it('429 when the rate limit is spent', async () => {
      // Rate buckets are per verified credential, so a key made for this test has a bucket of its own.
      const token = (await platform.adminOk('key', 'create', '--tenant', 'versioned', '--role', 'owner')).key as string;
      const first = await apiRequest(platform.baseUrl, '/users/me', { key: token });
      const limit = Number(first.headers.get('x-ratelimit-limit'));
      expect(limit).toBeGreaterThan(0);
      let last = first;
      // Twice the limit leaves room for one window boundary during the loop.
      for (let sent = 1; sent <= 2 * limit + 1 && last.status !== 429; sent++) {
        last = await apiRequest(platform.baseUrl, '/users/me', { key: token });
      }
      expect(last.status).toBe(429);
      expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
      expectVersionHeaders(last);
    }, 20_000);

    it('a CORS preflight carries them too', async () => {
      const response = await apiRequest(platform.baseUrl, '/v1/artists', {
        method: 'OPTIONS',
        headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(response.status).toBeLessThan(300);
      expectVersionHeaders(response);
    });

    it('both are listed in Access-Control-Expose-Headers, on success and on error', async () => {
      for (const response of [
        await api('/users/me', { headers: { Origin: 'https://app.example' } }),
        await apiRequest(platform.baseUrl, '/users/me', { headers: { Origin: 'https://app.example' } }),
      ]) {
        const exposed = (response.headers.get('access-control-expose-headers') ?? '')
          .split(',')
          .map((name) => name.trim().toLowerCase());
        expect(exposed).toEqual(expect.arrayContaining(['x-api-version', 'x-service-api-revision']));
      }
    });

    it('no deprecation headers are sent for v1', async () => {
      const response = await api('/v1/users/me');
      expect(response.headers.get('deprecation')).toBeNull();
      expect(response.headers.get('sunset')).toBeNull();
    });
  });

  describe('unsupported versions', () => {
    it('/v2/artists is 404 with the exact body, before authentication', async () => {
      for (const send of [() => apiRequest(platform.baseUrl, '/v2/artists'), () => api('/v2/artists')]) {
        const response = await send();
        expect(response.status).toBe(404);
        expect(response.body).toEqual(unsupportedBody('v2'));
        expect(Object.keys(response.body).sort()).toEqual(['error', 'errors', 'success']);
        expect(Object.keys(response.body.errors).sort()).toEqual(['current_version', 'docs', 'requested_version', 'supported_versions']);
        expect(response.body.errors.docs.startsWith(DOCS_URL)).toBe(true);
        expect(response.headers.get('x-request-id')).toBeTruthy();
      }
    });

    it('names the version that was asked for', async () => {
      const response = await api('/v7/releases');
      expect(response.status).toBe(404);
      expect(response.body).toEqual(unsupportedBody('v7'));
    });

    it('an unsupported X-API-Version header on an unversioned path is 400 with the same shape', async () => {
      const response = await api('/users/me', { headers: { 'X-API-Version': 'v3' } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(unsupportedBody('v3'));
      expect(response.body.errors.docs.startsWith(DOCS_URL)).toBe(true);
    });

    it('X-API-Version: v1 on an unversioned path is served', async () => {
      const response = await api('/users/me', { headers: { 'X-API-Version': 'v1' } });
      expect(response.status).toBe(200);
      expect(response.body.data.workspace.slug).toBe('versioned');
    });

    it('the path wins over the header: /v1 with X-API-Version: v9 is served', async () => {
      const response = await api('/v1/users/me', { headers: { 'X-API-Version': 'v9' } });
      expect(response.status).toBe(200);
      expect(response.body.data.workspace.slug).toBe('versioned');
    });

    it('/v2/health is a 404 error that carries X-RateLimit-* like every other error', async () => {
      const response = await api('/v2/health');
      expect(response.status).toBe(404);
      expect(response.body).toEqual(unsupportedBody('v2'));
      expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    });

    it('GET /health with an unsupported X-API-Version is a 400 that carries X-RateLimit-*', async () => {
      const response = await api('/health', { headers: { 'X-API-Version': 'v3' } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(unsupportedBody('v3'));
      expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    });

    it('the path wins over the header the other way too: /v2 with X-API-Version: v1 is 404', async () => {
      const response = await api('/v2/users/me', { headers: { 'X-API-Version': 'v1' } });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(unsupportedBody('v2'));
    });
  });
});
