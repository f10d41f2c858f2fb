import { connect, type Socket } from 'node:net';
import { API_REVISION } from '@sv/contracts';
import { apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const VERSION = '9.8.7-health';

const expectHealthyBody = (response: ApiResponse, environment: 'production' | 'sandbox') => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = response.body;
  expect(body).toEqual({
    status: expect.any(String),
    time: expect.stringMatching(ISO_UTC),
    environment,
    version: VERSION,
    api_version: 'v1',
    current_version: 'v1',
    supported_versions: ['v1'],
    revision: '2026-05-18',
    checks: { db: { ok: true, duration_ms: expect.any(Number), error: null } },
  });
  expect(body.revision).toBe(API_REVISION);
  expect(Math.abs(Date.parse(body.time) - Date.now())).toBeLessThan(5 * 60_000);
  expect(body.checks.db.duration_ms).toBeGreaterThanOrEqual(0);
};

const expectNoRateLimitHeaders = (response: ApiResponse) => {
  expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
  expect(response.headers.get('x-ratelimit-reset')).toBeNull();
};

/*
 * One production platform for the file: its health is read first, and the last test drops its
 * database (a second, identical platform only for that was one more start).
 */
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform({ catalogue: false, env: { SV_VERSION: VERSION } });
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('GET /health (production)', () => {

  it.each(['/health', '/v1/health'])('%s answers 200 with every field of the spec, without authentication', async (path) => {
    const response = await apiRequest(platform.baseUrl, path);
    expectHealthyBody(response, 'production');
    expect(response.headers.get('x-api-version')).toBe('v1');
    expect(response.headers.get('x-service-api-revision')).toBe(API_REVISION);
    expect(response.headers.get('x-service-env')).toBeNull();
  });

  it('needs no authentication: an invalid token does not turn it into a 401', async () => {
    const response = await apiRequest(platform.baseUrl, '/health', { key: 'svk_definitely-not-a-key' });
    expectHealthyBody(response, 'production');
  });

  it('carries no X-RateLimit headers, where an ordinary endpoint does', async () => {
    expectNoRateLimitHeaders(await apiRequest(platform.baseUrl, '/health'));
    expectNoRateLimitHeaders(await apiRequest(platform.baseUrl, '/v1/health'));
    const ordinary = await apiRequest(platform.baseUrl, '/users/me');
    expect(ordinary.status).toBe(401);
    expect(ordinary.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  });

  it('keeps an idle keep-alive connection past Node\'s 5 s default, saying so in Keep-Alive, so a client\'s next request does not race a close', async () => {
    const { hostname, port } = new URL(platform.baseUrl);
    const socket: Socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const answered = async (count: number) => {
      for (let i = 0; i < 200 && (received.match(/HTTP\/1\.1 200/g) ?? []).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const ask = () => socket.write(`GET /health HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
    try {
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      ask();
      await answered(1);
      expect(received).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(socket.readyState).toBe('open');
      ask();
      await answered(2);
      expect((received.match(/HTTP\/1\.1 200/g) ?? []).length).toBe(2);
    } finally {
      socket.destroy();
    }
  });

  it('is not rate limited: more calls than the general limit all answer 200', async () => {
    const limit = Number((await apiRequest(platform.baseUrl, '/users/me')).headers.get('x-ratelimit-limit'));
    expect(limit).toBeGreaterThan(0);
    const statuses: number[] = [];
    for (let batch = 0; batch * 50 < limit + 10; batch++) {
      const responses = await Promise.all(Array.from({ length: 50 }, () => apiRequest(platform.baseUrl, '/health')));
      statuses.push(...responses.map((response) => response.status));
    }
    expect(statuses.length).toBeGreaterThan(limit);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 20_000);
});

describe('GET /health (sandbox)', () => {
  let sandbox: TestPlatform;

  beforeAll(async () => {
    sandbox = await startPlatform({ environment: 'sandbox', catalogue: false, env: { SV_VERSION: VERSION } });
  }, 180_000);

  afterAll(async () => {
    await sandbox?.stop();
  });

  it('lives under the sandbox base, reports the sandbox environment and carries X-Service-Env', async () => {
    expect(sandbox.baseUrl).toMatch(/\/api$/);
    const response = await apiRequest(sandbox.baseUrl, '/v1/health');
    expectHealthyBody(response, 'sandbox');
    expect(response.headers.get('x-service-env')).toBe('api-sandbox');
    expectNoRateLimitHeaders(response);
  });
});

// Last in the file: it drops the production platform's database.
describe('GET /health when the database is gone', () => {

  it('answers 503 with checks.db.ok false and the error populated', async () => {
    expectHealthyBody(await apiRequest(platform.baseUrl, '/health'), 'production');

    await platform.db.drop();

    for (const path of ['/health', '/v1/health']) {
      const response = await apiRequest(platform.baseUrl, path);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        status: expect.any(String),
        time: expect.stringMatching(ISO_UTC),
        environment: 'production',
        version: VERSION,
        api_version: 'v1',
        current_version: 'v1',
        supported_versions: ['v1'],
        revision: API_REVISION,
        checks: { db: { ok: false, duration_ms: expect.any(Number), error: expect.any(String) } },
      });
      expect(response.body.checks.db.error.length).toBeGreaterThan(0);
      expect(response.body.status).not.toBe('ok');
      expect(response.headers.get('x-api-version')).toBe('v1');
      expect(response.headers.get('x-service-api-revision')).toBe(API_REVISION);
    }
  });
});
