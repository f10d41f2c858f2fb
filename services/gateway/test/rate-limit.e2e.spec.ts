import { randomUUID } from 'node:crypto';
import { Messages } from '@sv/contracts';
import { apiRequest, awaitRoomInRateWindow, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

const TOO_MANY = { success: false, error: Messages.tooManyRequests };
const BURST_TIMEOUT_MS = 45_000;

const header = (response: ApiResponse, name: string): string | null => response.headers.get(name);

const rate = (response: ApiResponse) => ({
  limit: Number(header(response, 'x-ratelimit-limit')),
  remaining: Number(header(response, 'x-ratelimit-remaining')),
  reset: Number(header(response, 'x-ratelimit-reset')),
});

const expectRateHeaders = (response: ApiResponse, limit: number, remaining?: number) => {
  expect(header(response, 'x-ratelimit-limit')).toBe(String(limit));
  expect(header(response, 'x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(header(response, 'x-ratelimit-reset')).toMatch(/^\d+$/);
  if (remaining !== undefined) expect(header(response, 'x-ratelimit-remaining')).toBe(String(remaining));
  // The end of the current wall-clock minute, in Unix seconds.
  const reset = rate(response).reset;
  expect(reset % 60).toBe(0);
  const nowSeconds = Date.now() / 1000;
  expect(reset).toBeGreaterThan(nowSeconds - 5);
  expect(reset).toBeLessThanOrEqual(nowSeconds + 65);
};

const expectNoRateHeaders = (response: ApiResponse) => {
  expect(header(response, 'x-ratelimit-limit')).toBeNull();
  expect(header(response, 'x-ratelimit-remaining')).toBeNull();
  expect(header(response, 'x-ratelimit-reset')).toBeNull();
};

const expectTooMany = (response: ApiResponse, limit: number) => {
  expect(response.status).toBe(429);
  expect(response.body).toEqual(TOO_MANY);
  expectRateHeaders(response, limit, 0);
  expect(header(response, 'x-request-id')).toMatch(/\S/);
  const retryAfter = header(response, 'retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  // Retry-After points at the end of the window.
  expect(Number(retryAfter)).toBeLessThanOrEqual(rate(response).reset - Math.floor(Date.now() / 1000) + 2);
};

describe('rate limits', () => {
  let platform: TestPlatform;
  /** Used by several tests, which therefore count relative to the first response they see. */
  let shared: string;
  /** Used only for the general burst, so its general bucket starts full. */
  let burst: string;
  /** Used only for the distribution and audio bursts, so those buckets start full. */
  let categories: string;

  beforeAll(async () => {
    platform = await startPlatform({ gateways: 2, env: { SV_RATE_LIMIT_MULTIPLIER: '1' } });
    const tenant = await platform.admin('tenant', 'create', '--slug', 'acme', '--name', 'Acme');
    expect(tenant.code).toBe(0);
    const created = await Promise.all(Array.from({ length: 3 }, () => platform.admin('key', 'create', '--tenant', 'acme', '--role', 'owner')));
    for (const result of created) expect(result.code).toBe(0);
    [shared, burst, categories] = created.map((result) => result.json.key as string) as [string, string, string];
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const gatewayUrl = (index: number): string => {
    const url = platform.gateways[index]?.url;
    if (!url) throw new Error(`gateway ${index} is not running`);
    return url;
  };

  it('sets X-RateLimit-* on every response, errors included, counting each request once; never on GET /health', async () => {
    await awaitRoomInRateWindow();
    const key = shared;
    const base = platform.baseUrl;

    const ok = await apiRequest(base, '/users/me', { key });
    expect(ok.status).toBe(200);
    expectRateHeaders(ok, 120);
    const start = rate(ok).remaining;
    expect(start).toBeGreaterThan(10);

    const notFound = await apiRequest(base, '/v1/definitely/not/a/route', { key });
    expect(notFound.status).toBe(404);
    expectRateHeaders(notFound, 120, start - 1);

    const invalid = await apiRequest(base, '/artists', { key, body: {} });
    expect(invalid.status).toBe(422);
    expectRateHeaders(invalid, 120, start - 2);

    const unavailable = await apiRequest(base, '/webhooks', { key });
    expect(unavailable.status).toBe(503);
    expectRateHeaders(unavailable, 120, start - 3);

    const badVersion = await apiRequest(base, '/v2/users/me', { key });
    expect(badVersion.status).toBe(404);
    expectRateHeaders(badVersion, 120, start - 4);

    // The probe is neither limited nor counted.
    for (const path of ['/health', '/v1/health']) {
      const health = await apiRequest(base, path, { key });
      expect(health.status).toBe(200);
      expectNoRateHeaders(health);
    }
    const afterHealth = await apiRequest(base, '/users/me', { key });
    expectRateHeaders(afterHealth, 120, start - 5);
    expect(rate(afterHealth).reset).toBe(rate(ok).reset);

    // 401s carry the headers too, counted against the client address: a missing token and an
    // unknown key share that budget (a made-up token is not a budget of its own).
    const missing = await apiRequest(base, '/users/me');
    expect(missing.status).toBe(401);
    expectRateHeaders(missing, 120);
    const unknownKey = await apiRequest(base, '/users/me', { key: `svk_${randomUUID().slice(0, 8)}_${'x'.repeat(32)}` });
    expect(unknownKey.status).toBe(401);
    expectRateHeaders(unknownKey, 120, rate(missing).remaining - 1);
    const junk = await apiRequest(base, '/users/me', { headers: { authorization: `Bearer junk-${randomUUID()}` } });
    expect(junk.status).toBe(401);
    expectRateHeaders(junk, 120, rate(missing).remaining - 2);
  }, BURST_TIMEOUT_MS);

  it('lets /v1 and unversioned paths share one bucket', async () => {
    await awaitRoomInRateWindow();
    const seen: number[] = [];
    for (const path of ['/users/me', '/v1/users/me', '/users/me', '/v1/users/me', '/V1/users/me']) {
      const response = await apiRequest(platform.baseUrl, path, { key: shared });
      expect(response.status).toBe(200);
      expectRateHeaders(response, 120);
      seen.push(rate(response).remaining);
    }
    const first = seen[0] ?? 0;
    expect(seen).toEqual([first, first - 1, first - 2, first - 3, first - 4]);
  }, BURST_TIMEOUT_MS);

  it('shares the general window across gateway replicas: the 121st request is 429, not the 241st', async () => {
    expect(platform.gateways).toHaveLength(2);
    await awaitRoomInRateWindow();
    const key = burst;

    for (let i = 0; i < 120; i++) {
      const response = await apiRequest(gatewayUrl(i % 2), i % 3 === 0 ? '/v1/users/me' : '/users/me', { key });
      expect(response.status).toBe(200);
      expectRateHeaders(response, 120, 119 - i);
    }

    for (const index of [0, 1]) {
      const refused = await apiRequest(gatewayUrl(index), '/users/me', { key });
      expectTooMany(refused, 120);
    }
    // Refused on any path of the general category, errors included.
    expectTooMany(await apiRequest(gatewayUrl(1), '/artists', { key }), 120);
    expectTooMany(await apiRequest(gatewayUrl(0), '/v1/definitely/not/a/route', { key }), 120);

    // Another key of the same tenant has a budget of its own, on both replicas.
    for (const index of [0, 1]) {
      const response = await apiRequest(gatewayUrl(index), '/users/me', { key: shared });
      expect(response.status).toBe(200);
      expectRateHeaders(response, 120);
      expect(rate(response).remaining).toBeGreaterThan(0);
    }
  }, BURST_TIMEOUT_MS);

  it('counts delivery calls in the distribution bucket (30), apart from the general one', async () => {
    await awaitRoomInRateWindow();
    const key = categories;
    const release = randomUUID();

    for (let i = 0; i < 30; i++) {
      // The delivery service does not run here, so each call is 503, and still counted.
      const path = i % 2 === 0 ? `/v1/releases/${release}/ddex/deliver` : `/releases/${release}/ddex/deliver`;
      const response = await apiRequest(gatewayUrl(i % 2), path, { key, method: 'POST' });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ success: false, error: Messages.serviceUnavailable });
      expectRateHeaders(response, 30, 29 - i);
    }

    expectTooMany(await apiRequest(gatewayUrl(0), `/releases/${release}/ddex/deliver`, { key, method: 'POST' }), 30);
    // The bucket is the category's, not the endpoint's.
    expectTooMany(await apiRequest(gatewayUrl(1), `/v1/releases/${release}/ddex/purge`, { key, method: 'POST' }), 30);

    // General requests of the same key are untouched by the 32 delivery calls.
    const general = await apiRequest(gatewayUrl(1), '/users/me', { key });
    expect(general.status).toBe(200);
    expectRateHeaders(general, 120, 119);

    // Another key still may deliver.
    const other = await apiRequest(gatewayUrl(0), `/releases/${release}/ddex/deliver`, { key: shared, method: 'POST' });
    expect(other.status).toBe(503);
    expectRateHeaders(other, 30);
    expect(rate(other).remaining).toBeGreaterThan(0);
  }, BURST_TIMEOUT_MS);

  it('refuses the 11th audio upload in a window while other calls of the key still pass', async () => {
    await awaitRoomInRateWindow();
    const key = categories;
    for (let i = 0; i < 10; i++) {
      // Without a file the gateway answers 422 'No audio file provided.'; the request still counts.
      const response = await apiRequest(gatewayUrl(i % 2), `/tracks/${randomUUID()}/audio`, { key, method: 'POST' });
      expect(response.status).toBe(422);
      expect(response.body.error).toBe(Messages.noAudioFile);
      expectRateHeaders(response, 10, 9 - i);
    }
    expectTooMany(await apiRequest(gatewayUrl(0), `/tracks/${randomUUID()}/upload`, { key, method: 'POST' }), 10);
    const general = await apiRequest(gatewayUrl(1), '/artists', { key });
    expect(general.status).toBe(200);
    expectRateHeaders(general, 120);
    expect(rate(general).remaining).toBeGreaterThan(0);
  }, BURST_TIMEOUT_MS);

  it('keeps one bucket per category, each with the limit of the spec', async () => {
    await awaitRoomInRateWindow();
    const uuid = randomUUID();
    const cases: [string, string, number, number][] = [
      ['POST', `/releases/${uuid}/ddex/deliver`, 503, 30],
      ['POST', '/ingestion/bulk', 503, 30],
      ['GET', '/analytics/overview', 503, 60],
      ['POST', `/tracks/${uuid}/audio`, 422, 10],
      ['GET', '/users/me', 200, 120],
    ];
    const first = new Map<string, number>();
    for (const [method, path, status, limit] of cases) {
      const response = await apiRequest(platform.baseUrl, path, { key: shared, method });
      expect(response.status).toBe(status);
      expectRateHeaders(response, limit);
      first.set(path, rate(response).remaining);
      expect(rate(response).remaining).toBeGreaterThan(0);
    }
    // The second round shows each bucket moved by exactly one: no request counted in another category.
    for (const [method, path, status, limit] of cases) {
      const response = await apiRequest(gatewayUrl(1), `/v1${path}`, { key: shared, method });
      expect(response.status).toBe(status);
      expectRateHeaders(response, limit, (first.get(path) ?? 0) - 1);
    }
  }, BURST_TIMEOUT_MS);

  it('counts one token in one bucket however its Authorization header is spelled', async () => {
    await awaitRoomInRateWindow();
    const spellings = [`Bearer ${shared}`, `bearer ${shared}`, `BEARER ${shared}`, `Bearer  ${shared}`, `Bearer ${shared} `];
    const first = await apiRequest(platform.baseUrl, '/users/me', { headers: { authorization: spellings[0] ?? '' } });
    expect(first.status).toBe(200);
    let remaining = rate(first).remaining;
    for (let i = 1; remaining > 0; i++) {
      const response = await apiRequest(gatewayUrl(i % 2), '/users/me', { headers: { authorization: spellings[i % spellings.length] ?? '' } });
      expect(response.status).toBe(200);
      expectRateHeaders(response, 120, remaining - 1);
      remaining -= 1;
    }
    for (const authorization of spellings) {
      expectTooMany(await apiRequest(platform.baseUrl, '/users/me', { headers: { authorization } }), 120);
    }
  }, BURST_TIMEOUT_MS);
});
