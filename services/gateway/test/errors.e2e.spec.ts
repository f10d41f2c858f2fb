import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Messages } from '@sv/contracts';
import { answerWithin, apiClient, apiRequest, createTestDatabase, startPlatform, type ApiResponse, type TestDatabase, type TestPlatform } from '@sv/testing';

const expectErrorHeaders = (response: ApiResponse) => {
  expect(response.headers.get('x-request-id')).toMatch(/\S/);
  expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(response.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
};

/*
 * The file's platform: the error responses are read from it, and the last test drops its database
 * (an identical platform started only for that was one more start).
 */
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform();
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('error responses', () => {
  let key: string;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    expect((await platform.admin('tenant', 'create', '--slug', 'errors', '--name', 'Errors Ltd')).code).toBe(0);
    const created = await platform.admin('key', 'create', '--tenant', 'errors', '--role', 'owner');
    expect(created.code).toBe(0);
    key = created.json.key;
    api = apiClient(platform.baseUrl, key);
  }, 180_000);

  const artistCount = async (): Promise<number> => {
    const list = await api('/artists');
    expect(list.status).toBe(200);
    return list.body.total;
  };

  describe('unknown endpoints', () => {
    it.each([
      ['without a token', undefined],
      ['with a valid key', 'valid'],
      ['with an invalid key', 'svk_invalid'],
    ])('an unknown path is 404 "Endpoint not found." %s', async (_label, token) => {
      const response = await apiRequest(platform.baseUrl, '/v1/definitely/not/a/route', {
        key: token === 'valid' ? key : token,
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: 'Endpoint not found.' });
      expect(response.body.error).toBe(Messages.endpointNotFound);
      expectErrorHeaders(response);
    });

    it('a known path with a method it does not serve is 404, not a call to the owning service', async () => {
      // PUT /webhooks/{uuid} is not a route; the webhooks service is not running, so a
      // forwarded request would be 503.
      const response = await api('/webhooks/00000000-0000-4000-8000-000000000000', { method: 'PUT', body: {} });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: Messages.endpointNotFound });
      expectErrorHeaders(response);
    });
  });

  describe('malformed bodies', () => {
    it('malformed JSON on POST /artists is 400 and creates nothing', async () => {
      const before = await artistCount();
      const response = await api('/artists', {
        method: 'POST',
        raw: '{"name": "Broken", "slug": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: expect.any(String) });
      expect(response.body.error.length).toBeGreaterThan(0);
      expectErrorHeaders(response);
      expect(await artistCount()).toBe(before);
    });

    it('a JSON body that is not an object is refused and creates nothing', async () => {
      const before = await artistCount();
      const response = await api('/artists', { body: ['not', 'an', 'object'] });
      expect([400, 422]).toContain(response.status);
      expect(response.body.success).toBe(false);
      expect(await artistCount()).toBe(before);
    });
  });

  describe('X-Request-Id', () => {
    it('echoes a caller-supplied id made of safe characters', async () => {
      const id = 'client-req_42.abc:XYZ';
      for (const response of [
        await api('/nope', { headers: { 'X-Request-Id': id } }),
        await apiRequest(platform.baseUrl, '/users/me', { headers: { 'X-Request-Id': id } }),
        await api('/users/me', { headers: { 'X-Request-Id': id } }),
      ]) {
        expect(response.headers.get('x-request-id')).toBe(id);
      }
    });

    it('generates a fresh id when none is sent, different for every request', async () => {
      const ids = await Promise.all(
        Array.from({ length: 5 }, async () => (await apiRequest(platform.baseUrl, '/nope')).headers.get('x-request-id')),
      );
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9._:-]{8,}$/);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it.each([
      ['spaces and angle brackets', 'bad id <script>'],
      ['an overlong value', 'a'.repeat(500)],
      ['percent-encoded line breaks', 'abc%0d%0aSet-Cookie:x=1'],
    ])('replaces an unsafe caller id (%s) with a generated one', async (_label, id) => {
      const response = await api('/nope', { headers: { 'X-Request-Id': id } });
      const echoed = response.headers.get('x-request-id');
      expect(echoed).toMatch(/\S/);
      expect(echoed).not.toBe(id);
      expect(echoed).not.toContain('<');
      expect(response.headers.get('set-cookie')).toBeNull();
    });
  });

  describe('validation', () => {
    it('POST /artists with {} is 422 with per-field errors and creates nothing', async () => {
      expect(await artistCount()).toBe(0);
      const response = await api('/artists', { body: {} });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        success: false,
        error: 'Validation failed',
        errors: { name: expect.any(Array), slug: expect.any(Array) },
      });
      expect(response.body.error).toBe(Messages.validationFailed);
      for (const field of ['name', 'slug']) {
        expect(response.body.errors[field].length).toBeGreaterThan(0);
        for (const message of response.body.errors[field]) expect(message).toEqual(expect.stringMatching(/\S/));
      }
      expectErrorHeaders(response);
      expect(await artistCount()).toBe(0);
    });

    it('reports only the field that is wrong', async () => {
      const response = await api('/artists', { body: { name: 'Valid Name', slug: 'Not A Slug!' } });
      expect(response.status).toBe(422);
      expect(response.body.success).toBe(false);
      expect(response.body.error).toBe(Messages.validationFailed);
      expect(Object.keys(response.body.errors)).toEqual(['slug']);
      expect(await artistCount()).toBe(0);
    });

    it('a valid body afterwards is created (the 422 was the validation, not the route)', async () => {
      const response = await api('/artists', { body: { name: 'Valid Name', slug: 'valid-name' } });
      expect(response.status).toBe(201);
      expect(await artistCount()).toBe(1);
    });
  });

  describe('a route whose owning service is not running', () => {
    it('GET /webhooks is 503 "Service temporarily unavailable."', async () => {
      const response = await api('/webhooks');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ success: false, error: 'Service temporarily unavailable.' });
      expect(response.body.error).toBe(Messages.serviceUnavailable);
      expectErrorHeaders(response);
    });

    it('still authenticates first: without a token it is 401', async () => {
      const response = await apiRequest(platform.baseUrl, '/webhooks');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, error: Messages.tokenMissing });
    });

    it('a POST with an Idempotency-Key is 503 and the key is not burnt', async () => {
      const headers = { 'Idempotency-Key': 'errors-503-key' };
      const body = { name: 'hook', url: 'https://example.com/hook', events: ['release.delivered'] };
      const first = await api('/webhooks', { body, headers });
      expect(first.status).toBe(503);
      const second = await api('/webhooks', { body, headers });
      expect(second.status).toBe(503);
      expect(second.headers.get('x-service-idempotent-replay')).toBeNull();
    });

    // Runs last in this describe: it stops the catalogue of this file's platform.
    it('a running service that stops turns its routes into 503, cached reads included', async () => {
      expect((await api('/artists')).status).toBe(200);
      expect((await api('/artists')).status).toBe(200);
      await platform.catalogue!.stop();
      // The stopping catalogue tells the gateways to forget its answers; that announcement and the
      // next request race, by a few milliseconds at most.
      const response = await answerWithin(1_000, () => api('/artists'), (answer) => answer.status === 503);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ success: false, error: Messages.serviceUnavailable });
      expectErrorHeaders(response);
      expect((await api('/users/me')).status).toBe(200);
    }, 20_000);
  });
});

/** A TCP relay in front of Postgres that can be cut, so the database becomes unreachable. */
const postgresRelay = async (): Promise<{ port: number; cut(): Promise<void> }> => {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(5432, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
};

describe('when the database is unreachable', () => {
  let unreachable: TestPlatform;
  let database: TestDatabase;
  let relay: Awaited<ReturnType<typeof postgresRelay>>;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase('sverr');
    relay = await postgresRelay();
    const url = new URL(database.url);
    url.port = String(relay.port);
    unreachable = await startPlatform({ catalogue: false, env: { SV_DATABASE_URL: url.toString() } });
    expect((await unreachable.admin('tenant', 'create', '--slug', 'dbdown', '--name', 'DB Down')).code).toBe(0);
    const created = await unreachable.admin('key', 'create', '--tenant', 'dbdown', '--role', 'owner');
    expect(created.code).toBe(0);
    key = created.json.key;
  }, 180_000);

  afterAll(async () => {
    await relay?.cut();
    await unreachable?.stop();
    await database?.drop();
  });

  it('authenticated and unknown routes answer 503 "Service temporarily unavailable."', async () => {
    expect((await apiRequest(unreachable.baseUrl, '/users/me', { key })).status).toBe(200);

    await relay.cut();

    for (const path of ['/users/me', '/v1/users/me', '/not-a-route']) {
      const response = await apiRequest(unreachable.baseUrl, path, { key });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ success: false, error: Messages.serviceUnavailable });
      expect(response.headers.get('x-request-id')).toMatch(/\S/);
      expect(response.headers.get('x-api-version')).toBe('v1');
    }
    const health = await apiRequest(unreachable.baseUrl, '/health');
    expect(health.status).toBe(503);
    expect(health.body.checks.db.ok).toBe(false);
  });

  // Last in the file: it drops the database of the file's platform.
  it('a database that has been dropped makes ordinary routes 503, as an unreachable one does', async () => {
    expect((await platform.admin('tenant', 'create', '--slug', 'gone', '--name', 'Gone Ltd')).code).toBe(0);
    const goneKey = (await platform.admin('key', 'create', '--tenant', 'gone', '--role', 'owner')).json.key as string;
    expect((await apiRequest(platform.baseUrl, '/users/me', { key: goneKey })).status).toBe(200);
    await platform.db.drop();
    for (const path of ['/users/me', '/not-a-route']) {
      const response = await apiRequest(platform.baseUrl, path, { key: goneKey });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ success: false, error: Messages.serviceUnavailable });
    }
  }, 180_000);
});
