import { apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/**
 * The gateway's browser-facing headers: CORS only for the configured origins, nosniff on every
 * answer, no-store on answers carrying a credential, and HSTS only when a trusted proxy says the
 * request came over TLS.
 */

const APP_ORIGIN = 'https://app.security.test';
const PASSWORD = 'correct horse battery staple';
const EMAIL = 'owner@security.test';
const COOKIE = 'sv_refresh_token';
const TIMEOUT_MS = 60_000;

const corsHeadersOf = (response: ApiResponse) => ({
  origin: response.headers.get('access-control-allow-origin'),
  credentials: response.headers.get('access-control-allow-credentials'),
});

const NO_CORS = { origin: null, credentials: null };

const preflight = (baseUrl: string, path: string, origin: string) =>
  apiRequest(baseUrl, path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
  });

const login = (baseUrl: string, headers: Record<string, string> = {}) =>
  apiRequest(baseUrl, '/auth/login', { method: 'POST', body: { email: EMAIL, password: PASSWORD, tenant_slug: 'security' }, headers });

const refreshCookieOf = (response: ApiResponse): string => {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${COOKIE}=`)) ?? '';
  return line.split(';')[0] ?? '';
};

describe('browser-facing headers', () => {
  let platform: TestPlatform;
  /** A second gateway of the same platform that trusts no proxy. */
  let untrustingUrl: string;

  beforeAll(async () => {
    platform = await startPlatform({
      catalogue: false,
      env: { SV_CORS_ORIGINS: `${APP_ORIGIN}, http://localhost:5173`, SV_TRUSTED_PROXIES: 'loopback', SV_RATE_LIMIT_MULTIPLIER: '20' },
    });
    untrustingUrl = (await platform.startGateway({ SV_TRUSTED_PROXIES: '' })).url;
    await platform.adminOk('tenant', 'create', '--slug', 'security', '--name', 'Security Records');
    await platform.adminOk('user', 'create', '--tenant', 'security', '--email', EMAIL, '--password', PASSWORD, '--role', 'owner');
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  describe('CORS', () => {
    it.each([
      ['an unconfigured origin', 'https://attacker.example'],
      ['the null origin (sandboxed frames, local files)', 'null'],
      ['a configured host over another scheme', 'http://app.security.test'],
      ['a configured origin as a prefix of another host', `${APP_ORIGIN}.attacker.example`],
    ])(
      'gives %s no Access-Control-Allow-Origin and no credentials, on the cookie-authenticated refresh',
      async (_what, origin) => {
        const asked = await preflight(platform.baseUrl, '/auth/refresh', origin);
        expect(corsHeadersOf(asked)).toEqual(NO_CORS);
        const refreshed = await apiRequest(platform.baseUrl, '/auth/refresh', { method: 'POST', headers: { origin } });
        expect(corsHeadersOf(refreshed)).toEqual(NO_CORS);
        const health = await apiRequest(platform.baseUrl, '/health', { headers: { origin } });
        expect(corsHeadersOf(health)).toEqual(NO_CORS);
      },
      TIMEOUT_MS,
    );

    it(
      'allows a configured origin, with credentials, on the preflight and the request',
      async () => {
        const asked = await preflight(platform.baseUrl, '/auth/refresh', APP_ORIGIN);
        expect(asked.status).toBe(204);
        expect(corsHeadersOf(asked)).toEqual({ origin: APP_ORIGIN, credentials: 'true' });
        expect(asked.headers.get('access-control-allow-methods')).toContain('POST');

        const health = await apiRequest(platform.baseUrl, '/health', { headers: { origin: 'http://localhost:5173' } });
        expect(corsHeadersOf(health)).toEqual({ origin: 'http://localhost:5173', credentials: 'true' });
        expect(health.headers.get('vary')).toMatch(/\bOrigin\b/i);
        // The spec's version headers stay readable by the allowed page.
        expect(health.headers.get('access-control-expose-headers')).toContain('X-API-Version');
      },
      TIMEOUT_MS,
    );

    it(
      'tells caches the answer depends on Origin even when the origin is refused',
      async () => {
        const health = await apiRequest(platform.baseUrl, '/health', { headers: { origin: 'https://attacker.example' } });
        expect(health.headers.get('vary')).toMatch(/\bOrigin\b/i);
      },
      TIMEOUT_MS,
    );
  });

  describe('X-Content-Type-Options', () => {
    it(
      'is nosniff on successes and on errors',
      async () => {
        const answers = await Promise.all([
          apiRequest(platform.baseUrl, '/health'),
          apiRequest(platform.baseUrl, '/no/such/route'),
          apiRequest(platform.baseUrl, '/users/me'),
          apiRequest(platform.baseUrl, '/v9/users/me'),
          apiRequest(platform.baseUrl, '/auth/login', { method: 'POST', raw: '{not json', headers: { 'content-type': 'application/json' } }),
        ]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 404, 401, 404, 400]);
        for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      },
      TIMEOUT_MS,
    );
  });

  describe('Cache-Control', () => {
    it(
      'is no-store on login and refresh, which answer with an access token',
      async () => {
        const loggedIn = await login(platform.baseUrl);
        expect(loggedIn.status).toBe(200);
        expect(loggedIn.headers.get('cache-control')).toBe('no-store');

        const refreshed = await apiRequest(platform.baseUrl, '/auth/refresh', { method: 'POST', headers: { cookie: refreshCookieOf(loggedIn) } });
        expect(refreshed.status).toBe(200);
        expect(refreshed.body.data.access_token).toEqual(expect.any(String));
        expect(refreshed.headers.get('cache-control')).toBe('no-store');
      },
      TIMEOUT_MS,
    );

    it(
      'is no-store on a refused login too',
      async () => {
        const refused = await apiRequest(platform.baseUrl, '/auth/login', {
          method: 'POST',
          body: { email: EMAIL, password: 'not the password', tenant_slug: 'security' },
        });
        expect(refused.status).toBe(401);
        expect(refused.headers.get('cache-control')).toBe('no-store');
      },
      TIMEOUT_MS,
    );
  });

  describe('Strict-Transport-Security', () => {
    it(
      'is sent when a trusted proxy forwards a request that came over https',
      async () => {
        const health = await apiRequest(platform.baseUrl, '/health', { headers: { 'x-forwarded-proto': 'https' } });
        expect(health.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
        const missing = await apiRequest(platform.baseUrl, '/no/such/route', { headers: { 'x-forwarded-proto': 'https' } });
        expect(missing.status).toBe(404);
        expect(missing.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
      },
      TIMEOUT_MS,
    );

    it(
      'is not sent over plain http',
      async () => {
        const plain = await apiRequest(platform.baseUrl, '/health');
        expect(plain.headers.get('strict-transport-security')).toBeNull();
        const forwardedPlain = await apiRequest(platform.baseUrl, '/health', { headers: { 'x-forwarded-proto': 'http' } });
        expect(forwardedPlain.headers.get('strict-transport-security')).toBeNull();
      },
      TIMEOUT_MS,
    );

    it(
      'is not sent when a peer that is not a trusted proxy claims https',
      async () => {
        const claimed = await apiRequest(untrustingUrl, '/health', { headers: { 'x-forwarded-proto': 'https' } });
        expect(claimed.status).toBe(200);
        expect(claimed.headers.get('strict-transport-security')).toBeNull();
      },
      TIMEOUT_MS,
    );
  });
});
