import { randomUUID } from 'node:crypto';
import { Messages } from '@sv/contracts';
import { apiRequest, awaitRoomInRateWindow, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

const TIMEOUT_MS = 45_000;
/** The spec's auth category: 5 requests a minute. */
const AUTH_LIMIT = 5;

const remaining = (response: ApiResponse): number => Number(response.headers.get('x-ratelimit-remaining'));
const statuses = (responses: ApiResponse[]): number[] => responses.map((response) => response.status).sort();

/**
 * The gateway trusts X-Forwarded-For only from the proxies it is configured with (here the
 * loopback, where the tests run); a client address is a budget, a made-up token is not.
 */
describe('rate limits cannot be sidestepped', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startPlatform({
      gateways: 2,
      env: { SV_RATE_LIMIT_MULTIPLIER: '1', SV_TRUSTED_PROXIES: 'loopback', SV_PUBLIC_URL: 'https://api.example.test' },
    });
    expect((await platform.admin('tenant', 'create', '--slug', 'acme', '--name', 'Acme')).code).toBe(0);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const login = (client: string, authorization?: string) =>
    apiRequest(platform.gateways[Math.floor(Math.random() * 2)]!.url, '/auth/login', {
      method: 'POST',
      body: { email: `nobody-${randomUUID()}@acme.test`, password: 'wrong password', tenant_slug: 'acme' },
      headers: { 'x-forwarded-for': client, ...(authorization ? { authorization } : {}) },
    });

  it('counts login attempts per client address, whatever token each one carries', async () => {
    await awaitRoomInRateWindow();
    const client = `203.0.113.${1 + Math.floor(Math.random() * 200)}`;
    // In parallel, each with a fresh made-up token: one budget between them.
    const attempts = await Promise.all(Array.from({ length: 30 }, () => login(client, `Bearer junk-${randomUUID()}`)));
    expect(statuses(attempts).filter((status) => status !== 429)).toHaveLength(AUTH_LIMIT);
    for (const refused of attempts.filter((response) => response.status === 429)) {
      expect(refused.body).toEqual({ success: false, error: Messages.tooManyRequests });
    }
    // Without a token, the same address is still spent.
    expect((await login(client)).status).toBe(429);
    // Another client, behind the same trusted proxy, has its own budget.
    const other = await login(`198.51.100.${1 + Math.floor(Math.random() * 200)}`);
    expect(other.status).toBe(401);
    expect(remaining(other)).toBe(AUTH_LIMIT - 1);
  }, TIMEOUT_MS);

  it('counts unknown API keys and junk tokens against the client address, on every replica', async () => {
    await awaitRoomInRateWindow();
    const client = `192.0.2.${1 + Math.floor(Math.random() * 200)}`;
    const first = await apiRequest(platform.gateways[0]!.url, '/artists', { headers: { 'x-forwarded-for': client, authorization: `Bearer junk-${randomUUID()}` } });
    expect(first.status).toBe(401);
    const start = remaining(first);
    for (let i = 1; i <= 6; i++) {
      const token = i % 2 === 0 ? `svk_${randomUUID().slice(0, 8)}_${'y'.repeat(32)}` : `junk-${randomUUID()}`;
      const response = await apiRequest(platform.gateways[i % 2]!.url, '/artists', { headers: { 'x-forwarded-for': client, authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(remaining(response)).toBe(start - i);
    }
  }, TIMEOUT_MS);
});

/*
 * One gateway that trusts no proxy and has a public origin configured serves both: what the links
 * say, and the refusal of a forwarded address. A second platform for the links was one more start.
 */
describe('a gateway trusting no proxy', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startPlatform({ env: { SV_RATE_LIMIT_MULTIPLIER: '1', SV_PUBLIC_URL: 'https://api.example.test' } });
    expect((await platform.admin('tenant', 'create', '--slug', 'acme', '--name', 'Acme')).code).toBe(0);
    for (const name of ['one', 'two']) expect((await platform.admin('artist', 'create', '--tenant', 'acme', '--name', name, '--slug', name)).code).toBe(0);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  describe('links the gateway writes', () => {
    it('point the next page at the configured public origin, whatever Host the request names', async () => {
      const key = (await platform.adminOk('key', 'create', '--tenant', 'acme', '--role', 'owner')).key as string;
      const response = await apiRequest(platform.baseUrl, '/v1/artists?per_page=1', { key, headers: { host: 'attacker.example' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('link')).toBe('<https://api.example.test/v1/artists?per_page=1&page=2>; rel="next"');
    }, TIMEOUT_MS);
  });

  describe('X-Forwarded-For from an untrusted peer', () => {
    it('is ignored: a made-up forwarded address per request does not buy a new budget', async () => {
      await awaitRoomInRateWindow();
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          apiRequest(platform.baseUrl, '/auth/login', {
            method: 'POST',
            body: { email: `nobody-${i}@acme.test`, password: 'wrong password', tenant_slug: 'acme' },
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}`, authorization: `Bearer junk-${randomUUID()}` },
          }),
        ),
      );
      expect(statuses(attempts).filter((status) => status !== 429)).toHaveLength(AUTH_LIMIT);
    }, TIMEOUT_MS);
  });
});
