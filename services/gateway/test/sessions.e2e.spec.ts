import jwt from 'jsonwebtoken';
import { Messages } from '@sv/contracts';
import { apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/**
 * Interactive sessions through the gateway's HTTP: login, the rotating refresh cookie with reuse
 * detection, logout, the JWT checks (signature, algorithm, audience, expiry, environment), the
 * failed-login and per-address limits, and suspension and invoice rules applied to user tokens.
 */

const SECRET = 'sessions-e2e-production-signing-secret-0123456789';
const SANDBOX_SECRET = 'sessions-e2e-sandbox-signing-secret-9876543210';
const OTHER_SECRET = 'a-secret-this-platform-has-never-been-given-00000';
const PASSWORD = 'correct horse battery staple';
const COOKIE = 'sv_refresh_token';
const ACCESS_TTL_SECONDS = 15 * 60;
const REFRESH_TTL_DAYS = 30;
const AUDIENCE = 'sv:production';
const ISSUER = 'sv-gateway';

/** Each operator call starts a process (about a second); a busy machine needs more than 5 s. */
const ADMIN_TIMEOUT = 60_000;
/** Ordinary tests: a handful of requests, some with a password hash each, on a possibly busy machine. */
const HTTP_TIMEOUT = 30_000;
/** Tests that may wait for the next wall-clock minute. */
const WINDOW_TIMEOUT = 90_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface SetCookie {
  value: string;
  /** Attribute names lower-cased; flags map to true. */
  attributes: Map<string, string | true>;
}

interface Session {
  token: string;
  cookie: string;
  claims: jwt.JwtPayload;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rate windows are fixed wall-clock minutes: a burst that must land in one window waits for the
 * next minute when fewer than `marginMs` remain in the current one.
 */
const awayFromMinuteBoundary = async (marginMs = 15_000) => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await sleep(left + 500);
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const refreshCookieOf = (response: ApiResponse): SetCookie => {
  const lines = response.headers.getSetCookie().filter((line) => line.startsWith(`${COOKIE}=`));
  expect(lines).toHaveLength(1);
  const [pair = '', ...rest] = lines[0]!.split(';').map((part) => part.trim());
  const attributes = new Map<string, string | true>();
  for (const attribute of rest) {
    const equals = attribute.indexOf('=');
    if (equals < 0) attributes.set(attribute.toLowerCase(), true);
    else attributes.set(attribute.slice(0, equals).toLowerCase(), attribute.slice(equals + 1));
  }
  return { value: pair.slice(COOKIE.length + 1), attributes };
};

const expectError = (response: ApiResponse, status: number, message: string) => {
  expect({ status: response.status, body: response.body }).toEqual({ status, body: { success: false, error: message } });
};

const expectInvalidToken = (response: ApiResponse) => expectError(response, 401, Messages.tokenInvalid);

const login = (baseUrl: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  apiRequest(baseUrl, '/auth/login', { method: 'POST', body, headers });

const refresh = (baseUrl: string, cookie?: string, path = '/auth/refresh') =>
  apiRequest(baseUrl, path, { method: 'POST', headers: cookie === undefined ? {} : { cookie: `${COOKIE}=${cookie}` } });

const me = (baseUrl: string, token: string) => apiRequest(baseUrl, '/users/me', { key: token });

/** A 200 login or refresh, unpacked: the access token, the new refresh cookie and the claims. */
const sessionOf = (response: ApiResponse): Session => {
  expect(response.status).toBe(200);
  const token = response.body.data.access_token as string;
  const claims = jwt.decode(token, { json: true });
  if (!claims) throw new Error('the access token does not decode');
  return { token, cookie: refreshCookieOf(response).value, claims };
};

describe('interactive sessions', () => {
  let platform: TestPlatform;
  /** The same platform's second gateway, started with SV_COOKIE_SECURE=0 (local development). */
  let plainHttpUrl: string;
  let sandbox: TestPlatform;
  /** No rate-limit multiplier: the spec's 5 auth requests per minute per address. */
  let strict: TestPlatform;
  const tenants: Record<string, { uuid: string; slug: string }> = {};
  const users: Record<string, { uuid: string; email: string; role: string }> = {};
  let apiKey = '';

  const signIn = async (email: string, tenant = 'sessions', baseUrl = platform.baseUrl): Promise<Session> =>
    sessionOf(await login(baseUrl, { email, password: PASSWORD, tenant_slug: tenant }));

  beforeAll(async () => {
    // Assigned one by one, so afterAll stops whichever started even if another failed.
    await Promise.all([
      startPlatform({ env: { SV_TOKEN_SECRET: SECRET, SV_RATE_LIMIT_MULTIPLIER: '20' } }).then((started) => (platform = started)),
      startPlatform({ environment: 'sandbox', catalogue: false, env: { SV_TOKEN_SECRET: SANDBOX_SECRET, SV_RATE_LIMIT_MULTIPLIER: '20' } }).then(
        (started) => (sandbox = started),
      ),
      startPlatform({ catalogue: false, env: { SV_TOKEN_SECRET: SECRET } }).then((started) => (strict = started)),
    ]);
    plainHttpUrl = (await platform.startGateway({ SV_COOKIE_SECURE: '0' })).url;

    const createTenant = async (slug: string, ...extra: string[]) => {
      tenants[slug] = (await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Tenant ${slug}`, ...extra)).tenant;
    };
    await Promise.all([
      createTenant('sessions', '--domain', 'sessions.example'),
      createTenant('frozen'),
      createTenant('overdue'),
      sandbox.adminOk('tenant', 'create', '--slug', 'sessions', '--name', 'Sandbox sessions', '--env', 'sandbox'),
      strict.adminOk('tenant', 'create', '--slug', 'strict', '--name', 'Strict'),
    ]);
    const createUser = async (name: string, tenant: string, email: string) => {
      users[name] = (await platform.adminOk('user', 'create', '--tenant', tenant, '--email', email, '--password', PASSWORD, '--role', 'owner')).user;
    };
    await Promise.all([
      createUser('alice', 'sessions', 'alice@sessions.test'),
      createUser('bob', 'sessions', 'bob@sessions.test'),
      createUser('carol', 'sessions', 'carol@sessions.test'),
      createUser('dave', 'sessions', 'dave@sessions.test'),
      createUser('locked', 'sessions', 'locked@sessions.test'),
      createUser('suspended', 'sessions', 'suspended@sessions.test'),
      createUser('frozen', 'frozen', 'owner@frozen.test'),
      createUser('overdue', 'overdue', 'owner@overdue.test'),
      sandbox.adminOk('user', 'create', '--tenant', 'sessions', '--email', 'alice@sessions.test', '--password', PASSWORD, '--role', 'owner', '--env', 'sandbox'),
      strict.adminOk('user', 'create', '--tenant', 'strict', '--email', 'owner@strict.test', '--password', PASSWORD, '--role', 'owner'),
      platform.adminOk('key', 'create', '--tenant', 'sessions', '--role', 'owner').then((created) => (apiKey = created.key as string)),
    ]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([platform?.stop(), sandbox?.stop(), strict?.stop()]);
  }, 180_000);

  describe('POST /auth/login', () => {
    it('answers 200 {success, data:{access_token, token_type Bearer, expires_at}} with expires_at 15 minutes ahead', async () => {
      const before = Date.now();
      const response = await login(platform.baseUrl, { email: 'alice@sessions.test', password: PASSWORD, tenant_slug: 'sessions' });
      const after = Date.now();
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: { access_token: expect.any(String), token_type: 'Bearer', expires_at: expect.any(String) },
      });
      const expiresAt = Date.parse(response.body.data.expires_at);
      expect(new Date(expiresAt).toISOString()).toBe(response.body.data.expires_at);
      // The token's exp is whole seconds, so expires_at may fall up to a second below the request time + TTL.
      expect(expiresAt).toBeGreaterThanOrEqual(before + ACCESS_TTL_SECONDS * 1000 - 1000);
      expect(expiresAt).toBeLessThanOrEqual(after + ACCESS_TTL_SECONDS * 1000);
    }, HTTP_TIMEOUT);

    it('issues an HS256 JWT with sub, tenant_id, role, sid, audience sv:production and issuer sv-gateway; exp matches expires_at', async () => {
      const response = await login(platform.baseUrl, { email: 'alice@sessions.test', password: PASSWORD, tenant_slug: 'sessions' });
      expect(response.status).toBe(200);
      const decoded = jwt.decode(response.body.data.access_token, { complete: true });
      expect(decoded?.header).toEqual({ alg: 'HS256', typ: 'JWT' });
      const claims = decoded?.payload as jwt.JwtPayload;
      // A token id (jti) may be added; nothing else.
      expect(Object.keys(claims).filter((key) => key !== 'jti').sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'role', 'sid', 'sub', 'tenant_id']);
      expect(claims).toMatchObject({
        sub: users.alice!.uuid,
        tenant_id: tenants.sessions!.uuid,
        role: 'owner',
        sid: expect.stringMatching(UUID),
        iat: expect.any(Number),
        exp: expect.any(Number),
        aud: AUDIENCE,
        iss: ISSUER,
      });
      expect(claims.exp! - claims.iat!).toBe(ACCESS_TTL_SECONDS);
      expect(claims.exp! * 1000).toBe(Date.parse(response.body.data.expires_at));
      // The token verifies with the platform's secret and nothing else.
      expect(() => jwt.verify(response.body.data.access_token, SECRET, { algorithms: ['HS256'], audience: AUDIENCE, issuer: ISSUER })).not.toThrow();
    }, HTTP_TIMEOUT);

    it('sets sv_refresh_token as an HttpOnly, Secure, SameSite=Strict cookie on Path=/ by default', async () => {
      const response = await login(platform.baseUrl, { email: 'alice@sessions.test', password: PASSWORD, tenant_slug: 'sessions' });
      expect(response.status).toBe(200);
      const cookie = refreshCookieOf(response);
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie.attributes.get('httponly')).toBe(true);
      expect(cookie.attributes.get('secure')).toBe(true);
      expect(cookie.attributes.get('samesite')).toBe('Strict');
      expect(cookie.attributes.get('path')).toBe('/');
      const expires = Date.parse(String(cookie.attributes.get('expires')));
      expect(Math.abs(expires - (Date.now() + REFRESH_TTL_DAYS * 86_400_000))).toBeLessThan(60_000);
      // The refresh token is not the access token and never appears in the body.
      expect(response.text).not.toContain(cookie.value);
    }, HTTP_TIMEOUT);

    it('with SV_COOKIE_SECURE=0 the cookie is HttpOnly and SameSite=Lax without Secure, on login, refresh and logout', async () => {
      const response = await login(plainHttpUrl, { email: 'alice@sessions.test', password: PASSWORD, tenant_slug: 'sessions' });
      const session = sessionOf(response);
      const loginCookie = refreshCookieOf(response);
      expect(loginCookie.attributes.get('httponly')).toBe(true);
      expect(loginCookie.attributes.has('secure')).toBe(false);
      expect(loginCookie.attributes.get('samesite')).toBe('Lax');
      expect(loginCookie.attributes.get('path')).toBe('/');

      const refreshed = await refresh(plainHttpUrl, session.cookie);
      const rotated = sessionOf(refreshed);
      expect(refreshCookieOf(refreshed).attributes.has('secure')).toBe(false);
      expect(refreshCookieOf(refreshed).attributes.get('samesite')).toBe('Lax');

      const out = await apiRequest(plainHttpUrl, '/auth/logout', { method: 'POST', key: rotated.token });
      expect(out.status).toBe(200);
      const cleared = refreshCookieOf(out);
      expect(cleared.attributes.has('secure')).toBe(false);
      expect(cleared.attributes.get('samesite')).toBe('Lax');
    }, HTTP_TIMEOUT);

    it('is served under /v1 too', async () => {
      const response = await apiRequest(platform.baseUrl, '/v1/auth/login', {
        method: 'POST',
        body: { email: 'alice@sessions.test', password: PASSWORD, tenant_slug: 'sessions' },
      });
      expect(sessionOf(response).claims.sub).toBe(users.alice!.uuid);
    }, HTTP_TIMEOUT);

    it('an unknown tenant_slug is 404 "Tenant not found."', async () => {
      expectError(await login(platform.baseUrl, { email: 'alice@sessions.test', password: PASSWORD, tenant_slug: 'no-such-tenant' }), 404, Messages.tenantNotFound);
      expect(Messages.tenantNotFound).toBe('Tenant not found.');
    }, HTTP_TIMEOUT);

    it('a user of another tenant cannot log in through this tenant: 401, not a session in the wrong workspace', async () => {
      expectError(await login(platform.baseUrl, { email: 'owner@frozen.test', password: PASSWORD, tenant_slug: 'sessions' }), 401, Messages.loginInvalid);
    }, HTTP_TIMEOUT);

    it('a wrong password and an unknown email are the same 401 "Invalid email or password."', async () => {
      const wrongPassword = await login(platform.baseUrl, { email: 'bob@sessions.test', password: `${PASSWORD}!`, tenant_slug: 'sessions' });
      const unknownEmail = await login(platform.baseUrl, { email: 'nobody@sessions.test', password: PASSWORD, tenant_slug: 'sessions' });
      expectError(wrongPassword, 401, Messages.loginInvalid);
      expectError(unknownEmail, 401, 'Invalid email or password.');
      expect(wrongPassword.headers.getSetCookie()).toEqual([]);
      expect(unknownEmail.headers.getSetCookie()).toEqual([]);
    }, HTTP_TIMEOUT);

    it.each([
      ['no body at all', {}, ['email', 'password']],
      ['no email', { password: PASSWORD, tenant_slug: 'sessions' }, ['email']],
      ['no password', { email: 'alice@sessions.test', tenant_slug: 'sessions' }, ['password']],
      ['an empty password', { email: 'alice@sessions.test', password: '', tenant_slug: 'sessions' }, ['password']],
      ['an email that is not one', { email: 'alice', password: PASSWORD, tenant_slug: 'sessions' }, ['email']],
      ['a numeric password', { email: 'alice@sessions.test', password: 12345678, tenant_slug: 'sessions' }, ['password']],
    ])('%s is 422 with per-field errors', async (_label, body, fields) => {
      const response = await login(platform.baseUrl, body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ success: false, error: Messages.validationFailed, errors: expect.any(Object) });
      expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
      for (const field of fields) expect(response.body.errors[field]).toEqual([expect.any(String)]);
    }, HTTP_TIMEOUT);

    it('without tenant_slug the tenant comes from X-Tenant-Domain; an unmapped header domain is 404, no source at all is 422', async () => {
      const byDomain = sessionOf(
        await login(platform.baseUrl, { email: 'alice@sessions.test', password: PASSWORD }, { 'x-tenant-domain': 'sessions.example' }),
      );
      expect(byDomain.claims.tenant_id).toBe(tenants.sessions!.uuid);
      expectError(
        await login(platform.baseUrl, { email: 'alice@sessions.test', password: PASSWORD }, { 'x-tenant-domain': 'unmapped.example' }),
        404,
        Messages.tenantNotFound,
      );
      const unresolved = await login(platform.baseUrl, { email: 'alice@sessions.test', password: PASSWORD });
      expect(unresolved.status).toBe(422);
      expect(unresolved.body).toEqual({
        success: false,
        error: Messages.unresolvableTenant,
        errors: { tenant_slug: [Messages.unresolvableTenant] },
      });
    }, HTTP_TIMEOUT);
  });

  describe('using the access token', () => {
    it('GET /users/me answers with the user and its workspace', async () => {
      const session = await signIn('alice@sessions.test');
      const response = await me(platform.baseUrl, session.token);
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.data).toMatchObject({
        type: 'user',
        role: 'owner',
        workspace: { uuid: tenants.sessions!.uuid, slug: 'sessions' },
        user: { uuid: users.alice!.uuid, email: 'alice@sessions.test', role: 'owner', status: 'active' },
      });
      expect(response.body.data).not.toHaveProperty('api_key');
      expect(await me(platform.baseUrl, session.token).then((again) => again.status)).toBe(200);
    }, HTTP_TIMEOUT);

    it('works on a route forwarded to the catalogue (GET /artists and /v1/artists)', async () => {
      const session = await signIn('alice@sessions.test');
      const artists = await apiRequest(platform.baseUrl, '/artists', { key: session.token });
      expect(artists.status).toBe(200);
      expect((await apiRequest(platform.baseUrl, '/v1/artists', { key: session.token })).status).toBe(200);
    }, HTTP_TIMEOUT);

    it('is counted in the general rate category per token, not the auth one', async () => {
      const session = await signIn('alice@sessions.test');
      const response = await me(platform.baseUrl, session.token);
      expect(response.headers.get('x-ratelimit-limit')).toBe(String(120 * 20));
    }, HTTP_TIMEOUT);
  });

  describe('refresh', () => {
    it.each(['/auth/refresh', '/auth/token/refresh', '/v1/auth/refresh'])(
      '%s trades the cookie for a new access token and a different cookie; the new token works',
      async (path) => {
        const first = await signIn('alice@sessions.test');
        const response = await refresh(platform.baseUrl, first.cookie, path);
        expect(response.body).toEqual({
          success: true,
          data: { access_token: expect.any(String), token_type: 'Bearer', expires_at: expect.any(String) },
        });
        const second = sessionOf(response);
        expect(second.cookie).not.toBe(first.cookie);
        expect(second.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const cookie = refreshCookieOf(response);
        expect(cookie.attributes.get('httponly')).toBe(true);
        expect(cookie.attributes.get('secure')).toBe(true);
        expect(cookie.attributes.get('samesite')).toBe('Strict');
        expect(cookie.attributes.get('path')).toBe('/');
        // Same user, same workspace, same session family.
        expect(second.claims).toMatchObject({ sub: first.claims.sub, tenant_id: first.claims.tenant_id, role: 'owner', sid: first.claims.sid });
        expect(Date.parse(response.body.data.expires_at)).toBe(second.claims.exp! * 1000);
        expect(second.claims.exp!).toBeGreaterThanOrEqual(first.claims.exp!);
        expect((await me(platform.baseUrl, second.token)).status).toBe(200);
      },
      HTTP_TIMEOUT,
    );

    it('every access token has its own id (jti), so a refresh within the same second still returns a different token', async () => {
      // The clock second cannot be forced over HTTP; the unique id is what makes same-second tokens differ.
      const first = await signIn('alice@sessions.test');
      const second = sessionOf(await refresh(platform.baseUrl, first.cookie));
      expect(first.claims.jti).toEqual(expect.any(String));
      expect(second.claims.jti).toEqual(expect.any(String));
      expect(second.claims.jti).not.toBe(first.claims.jti);
      expect(second.token).not.toBe(first.token);
    }, HTTP_TIMEOUT);

    it('the new cookie rotates again, and each refresh retires the one before', async () => {
      const first = await signIn('bob@sessions.test');
      const second = sessionOf(await refresh(platform.baseUrl, first.cookie));
      const third = sessionOf(await refresh(platform.baseUrl, second.cookie, '/auth/token/refresh'));
      expect(new Set([first.cookie, second.cookie, third.cookie]).size).toBe(3);
      expect((await me(platform.baseUrl, third.token)).status).toBe(200);
    }, HTTP_TIMEOUT);

    it('presenting a retired cookie again is 401 and revokes the whole family: the newest token and cookie are 401 too', async () => {
      const first = await signIn('carol@sessions.test');
      const second = sessionOf(await refresh(platform.baseUrl, first.cookie));
      const third = sessionOf(await refresh(platform.baseUrl, second.cookie));
      expect((await me(platform.baseUrl, third.token)).status).toBe(200);
      // Another session of the same user, from a separate login, must survive.
      const elsewhere = await signIn('carol@sessions.test');
      // Past the 2-second grace that tells a second tab's simultaneous refresh from a replay.
      await sleep(2_500);

      expectInvalidToken(await refresh(platform.baseUrl, first.cookie));

      expectInvalidToken(await me(platform.baseUrl, third.token));
      expectInvalidToken(await apiRequest(platform.baseUrl, '/artists', { key: third.token }));
      expectInvalidToken(await me(platform.baseUrl, first.token));
      expectInvalidToken(await refresh(platform.baseUrl, third.cookie));
      expectInvalidToken(await refresh(platform.baseUrl, second.cookie));

      expect((await me(platform.baseUrl, elsewhere.token)).status).toBe(200);
      expect(sessionOf(await refresh(platform.baseUrl, elsewhere.cookie)).claims.sid).toBe(elsewhere.claims.sid);
    }, HTTP_TIMEOUT);

    it('of two concurrent refreshes with one cookie, exactly one succeeds', async () => {
      const session = await signIn('bob@sessions.test');
      const responses = await Promise.all([refresh(platform.baseUrl, session.cookie), refresh(platform.baseUrl, session.cookie)]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 401]);
      // The loser is a second tab, not a thief: the winner's session lives on.
      const winner = responses.find((response) => response.status === 200)!;
      expect((await refresh(platform.baseUrl, refreshCookieOf(winner).value)).status).toBe(200);
    }, HTTP_TIMEOUT);

    it('without the cookie is 401 and sets no cookie', async () => {
      const response = await refresh(platform.baseUrl);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, error: expect.any(String) });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect((await refresh(platform.baseUrl, undefined, '/auth/token/refresh')).status).toBe(401);
    }, HTTP_TIMEOUT);

    it('without the cookie and without a bearer it is 401 "Authentication token is missing."', async () => {
      expectError(await refresh(platform.baseUrl), 401, Messages.tokenMissing);
      expectError(await refresh(platform.baseUrl, undefined, '/auth/token/refresh'), 401, Messages.tokenMissing);
    }, HTTP_TIMEOUT);

    it('an empty or unknown cookie is 401 "Invalid or expired token. Please log in again."', async () => {
      expect((await refresh(platform.baseUrl, '')).status).toBe(401);
      expectInvalidToken(await refresh(platform.baseUrl, 'A'.repeat(43)));
    }, HTTP_TIMEOUT);

    it('an access token is not a refresh token: a bearer without the cookie is still 401', async () => {
      const session = await signIn('alice@sessions.test');
      const response = await apiRequest(platform.baseUrl, '/auth/refresh', { method: 'POST', key: session.token });
      expect(response.status).toBe(401);
    }, HTTP_TIMEOUT);
  });

  describe('logout', () => {
    it('POST /auth/logout is 200 {success, message}, clears the cookie, and the access token and refresh cookie are 401 afterwards', async () => {
      const session = await signIn('dave@sessions.test');
      const other = await signIn('dave@sessions.test');
      const response = await apiRequest(platform.baseUrl, '/auth/logout', { method: 'POST', key: session.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: expect.any(String) });
      const cleared = refreshCookieOf(response);
      expect(cleared.value).toBe('');
      expect(Date.parse(String(cleared.attributes.get('expires')))).toBeLessThanOrEqual(Date.now());
      expect(cleared.attributes.get('path')).toBe('/');
      expect(cleared.attributes.get('httponly')).toBe(true);

      expectInvalidToken(await me(platform.baseUrl, session.token));
      expectInvalidToken(await apiRequest(platform.baseUrl, '/artists', { key: session.token }));
      expectInvalidToken(await refresh(platform.baseUrl, session.cookie));
      // Only that session: another login of the same user goes on working.
      expect((await me(platform.baseUrl, other.token)).status).toBe(200);
    }, HTTP_TIMEOUT);

    it('POST /auth/logout-all revokes every session of the user and no one else\'s', async () => {
      const first = await signIn('dave@sessions.test');
      const second = await signIn('dave@sessions.test');
      const rotated = sessionOf(await refresh(platform.baseUrl, second.cookie));
      const bystander = await signIn('alice@sessions.test');
      expect((await me(platform.baseUrl, first.token)).status).toBe(200);
      expect((await me(platform.baseUrl, rotated.token)).status).toBe(200);

      const response = await apiRequest(platform.baseUrl, '/auth/logout-all', { method: 'POST', key: first.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: expect.any(String) });
      expect(refreshCookieOf(response).value).toBe('');

      expectInvalidToken(await me(platform.baseUrl, first.token));
      expectInvalidToken(await me(platform.baseUrl, second.token));
      expectInvalidToken(await me(platform.baseUrl, rotated.token));
      expectInvalidToken(await refresh(platform.baseUrl, first.cookie));
      expectInvalidToken(await refresh(platform.baseUrl, rotated.cookie));
      expect((await me(platform.baseUrl, bystander.token)).status).toBe(200);
      // Logging in again afterwards starts a fresh session.
      expect((await me(platform.baseUrl, (await signIn('dave@sessions.test')).token)).status).toBe(200);
    }, HTTP_TIMEOUT);

    it('POST /auth/token/revoke is 204 with no body and revokes the session', async () => {
      const session = await signIn('dave@sessions.test');
      const response = await apiRequest(platform.baseUrl, '/auth/token/revoke', { method: 'POST', key: session.token });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expectInvalidToken(await me(platform.baseUrl, session.token));
      expectInvalidToken(await refresh(platform.baseUrl, session.cookie));
    }, HTTP_TIMEOUT);

    it.each(['/auth/logout', '/auth/logout-all', '/auth/token/revoke'])(
      '%s with an API key is 403 and the key keeps working',
      async (path) => {
        expectError(await apiRequest(platform.baseUrl, path, { method: 'POST', key: apiKey }), 403, Messages.forbidden);
        expect((await me(platform.baseUrl, apiKey)).status).toBe(200);
      },
      HTTP_TIMEOUT,
    );

    it.each(['/auth/logout', '/auth/logout-all', '/auth/token/revoke'])('%s without a token is 401 "Authentication token is missing."', async (path) => {
      expectError(await apiRequest(platform.baseUrl, path, { method: 'POST' }), 401, Messages.tokenMissing);
    }, HTTP_TIMEOUT);
  });

  describe('refused JWTs', () => {
    /** A live session whose claims the forged tokens copy, so only the one thing under test differs. */
    let live: Session;
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    const payloadOf = (overrides: Record<string, unknown> = {}) => ({
      sub: live.claims.sub,
      tenant_id: live.claims.tenant_id,
      role: live.claims.role,
      sid: live.claims.sid,
      iat: nowSeconds(),
      exp: nowSeconds() + 600,
      aud: AUDIENCE,
      iss: ISSUER,
      ...overrides,
    });
    const signed = (secret: string, overrides: Record<string, unknown> = {}, algorithm: jwt.Algorithm = 'HS256') =>
      jwt.sign(payloadOf(overrides), secret, { algorithm });
    const expectRefused = async (token: string) => {
      expectInvalidToken(await me(platform.baseUrl, token));
      expectInvalidToken(await apiRequest(platform.baseUrl, '/artists', { key: token }));
    };

    beforeAll(async () => {
      live = await signIn('alice@sessions.test');
    }, HTTP_TIMEOUT);

    it('control: the same claims signed with the platform\'s secret, audience and issuer are accepted', async () => {
      expect((await me(platform.baseUrl, signed(SECRET))).status).toBe(200);
    }, HTTP_TIMEOUT);

    it('a JWT signed with another secret is 401', async () => {
      await expectRefused(signed(OTHER_SECRET));
    }, HTTP_TIMEOUT);

    it('a JWT with alg "none" and no signature is 401', async () => {
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payloadOf())}.`;
      expect(jwt.decode(unsigned, { complete: true })?.header.alg).toBe('none');
      await expectRefused(unsigned);
      // The live token's own payload with its header swapped for "none" and the signature dropped.
      const [, payload] = live.token.split('.');
      await expectRefused(`${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`);
    }, HTTP_TIMEOUT);

    it('a JWT signed with the right secret under another HMAC algorithm is 401 (one algorithm allowed)', async () => {
      await expectRefused(signed(SECRET, {}, 'HS512'));
      await expectRefused(signed(SECRET, {}, 'HS384'));
    }, HTTP_TIMEOUT);

    it('an expired JWT signed with the platform\'s secret is 401', async () => {
      await expectRefused(signed(SECRET, { iat: nowSeconds() - ACCESS_TTL_SECONDS - 60, exp: nowSeconds() - 60 }));
    }, HTTP_TIMEOUT);

    it('a JWT for the sandbox audience (sv:sandbox) signed with the production secret is 401 on production', async () => {
      await expectRefused(signed(SECRET, { aud: 'sv:sandbox' }));
    }, HTTP_TIMEOUT);

    it('a JWT with another issuer, or without exp, is 401', async () => {
      await expectRefused(signed(SECRET, { iss: 'someone-else' }));
      const { exp: _exp, ...payload } = payloadOf();
      await expectRefused(jwt.sign(payload, SECRET, { algorithm: 'HS256' }));
    }, HTTP_TIMEOUT);

    it('a tampered payload (role raised to super_admin, same signature) is 401', async () => {
      const [header, payload, signature] = live.token.split('.');
      const raised = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object), role: 'super_admin' };
      await expectRefused(`${header}.${base64url(raised)}.${signature}`);
      await expectRefused(`${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`);
    }, HTTP_TIMEOUT);

    it('a JWT naming a session that never existed is 401, even when correctly signed', async () => {
      await expectRefused(signed(SECRET, { sid: '00000000-0000-4000-8000-000000000000' }));
    }, HTTP_TIMEOUT);

    it('a sandbox login token is 401 on production, and a production token is 401 on the sandbox', async () => {
      const sandboxSession = sessionOf(
        await login(sandbox.baseUrl, { email: 'alice@sessions.test', password: PASSWORD, tenant_slug: 'sessions' }),
      );
      expect(sandboxSession.claims.aud).toBe('sv:sandbox');
      expect((await me(sandbox.baseUrl, sandboxSession.token)).status).toBe(200);
      await expectRefused(sandboxSession.token);
      expectInvalidToken(await me(sandbox.baseUrl, live.token));
    }, HTTP_TIMEOUT);

    it('the live token itself still works after all of the above', async () => {
      expect((await me(platform.baseUrl, live.token)).status).toBe(200);
    }, HTTP_TIMEOUT);
  });

  describe('failed logins per account', () => {
    it(
      'five failures within a minute make the next attempt 429 with Retry-After, even with the right password; other accounts are unaffected',
      async () => {
        await awayFromMinuteBoundary();
        for (let attempt = 1; attempt <= 5; attempt++) {
          const failed = await login(platform.baseUrl, { email: 'locked@sessions.test', password: `wrong-${attempt}`, tenant_slug: 'sessions' });
          expect([attempt, failed.status]).toEqual([attempt, 401]);
        }
        const blocked = await login(platform.baseUrl, { email: 'locked@sessions.test', password: PASSWORD, tenant_slug: 'sessions' });
        expectError(blocked, 429, Messages.tooManyRequests);
        expect(Messages.tooManyRequests).toBe('Too many requests. Please slow down.');
        const retryAfter = Number(blocked.headers.get('retry-after'));
        expect(Number.isInteger(retryAfter)).toBe(true);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(blocked.headers.getSetCookie()).toEqual([]);
        // The address's own auth budget is far from spent: it is the account that is throttled.
        expect((await login(platform.baseUrl, { email: 'bob@sessions.test', password: PASSWORD, tenant_slug: 'sessions' })).status).toBe(200);
        // However the email is spelled.
        expect((await login(platform.baseUrl, { email: 'LOCKED@sessions.test', password: PASSWORD, tenant_slug: 'sessions' })).status).toBe(429);
      },
      WINDOW_TIMEOUT,
    );
  });

  describe('per-address auth rate limit (no multiplier)', () => {
    it(
      'the 6th auth request within the minute is 429 with Retry-After; routes outside the auth category are unaffected',
      async () => {
        await awayFromMinuteBoundary();
        const body = { email: 'owner@strict.test', password: PASSWORD, tenant_slug: 'strict' };
        let session: Session | undefined;
        for (let attempt = 1; attempt <= 5; attempt++) {
          const response = await login(strict.baseUrl, body);
          expect([attempt, response.status]).toEqual([attempt, 200]);
          expect(response.headers.get('x-ratelimit-limit')).toBe('5');
          expect(response.headers.get('x-ratelimit-remaining')).toBe(String(5 - attempt));
          session = sessionOf(response);
        }
        const sixth = await login(strict.baseUrl, body);
        expectError(sixth, 429, Messages.tooManyRequests);
        const retryAfter = Number(sixth.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(sixth.headers.get('x-ratelimit-remaining')).toBe('0');
        // Refresh is in the same category and bucket.
        expectError(await refresh(strict.baseUrl, session!.cookie), 429, Messages.tooManyRequests);
        // A request with a token is counted per token in the general category.
        expect((await me(strict.baseUrl, session!.token)).status).toBe(200);
      },
      WINDOW_TIMEOUT,
    );
  });

  describe('suspension and invoices', () => {
    it(
      'a suspended user cannot log in (403), a token issued before is 403, and its refresh cookie no longer works',
      async () => {
        const before = await signIn('suspended@sessions.test');
        expect((await me(platform.baseUrl, before.token)).status).toBe(200);
        await platform.adminOk('user', 'suspend', '--tenant', 'sessions', '--email', 'suspended@sessions.test');

        const refused = await login(platform.baseUrl, { email: 'suspended@sessions.test', password: PASSWORD, tenant_slug: 'sessions' });
        expectError(refused, 403, Messages.accountSuspended);
        expect(Messages.accountSuspended).toBe('This account has been suspended. Contact support.');
        expect(refused.headers.getSetCookie()).toEqual([]);
        // A wrong password says nothing about the account's state.
        expectError(
          await login(platform.baseUrl, { email: 'suspended@sessions.test', password: `${PASSWORD}?`, tenant_slug: 'sessions' }),
          401,
          Messages.loginInvalid,
        );
        expectError(await me(platform.baseUrl, before.token), 403, Messages.accountSuspended);
        expectError(await apiRequest(platform.baseUrl, '/artists', { key: before.token }), 403, Messages.accountSuspended);
        const refreshed = await refresh(platform.baseUrl, before.cookie);
        expectError(refreshed, 403, Messages.accountSuspended);
        // Other users of the workspace are unaffected.
        expect((await signIn('bob@sessions.test')).claims.tenant_id).toBe(tenants.sessions!.uuid);
      },
      ADMIN_TIMEOUT,
    );

    it(
      'a user unsuspended through the operator command can log in again',
      async () => {
        await platform.adminOk('user', 'suspend', '--tenant', 'sessions', '--email', 'suspended@sessions.test');
        await platform.adminOk('user', 'unsuspend', '--tenant', 'sessions', '--email', 'suspended@sessions.test');
        const session = await signIn('suspended@sessions.test');
        expect((await me(platform.baseUrl, session.token)).status).toBe(200);
      },
      ADMIN_TIMEOUT,
    );

    it(
      'a suspended workspace: login is 403 "This workspace is suspended.", a token issued before is 403; unsuspending restores both',
      async () => {
        const before = await signIn('owner@frozen.test', 'frozen');
        await platform.adminOk('tenant', 'suspend', '--slug', 'frozen');

        expectError(
          await login(platform.baseUrl, { email: 'owner@frozen.test', password: PASSWORD, tenant_slug: 'frozen' }),
          403,
          Messages.workspaceSuspended,
        );
        expect(Messages.workspaceSuspended).toBe('This workspace is suspended.');
        expectError(await me(platform.baseUrl, before.token), 403, Messages.workspaceSuspended);
        expectError(await apiRequest(platform.baseUrl, '/artists', { key: before.token }), 403, Messages.workspaceSuspended);

        await platform.adminOk('tenant', 'unsuspend', '--slug', 'frozen');
        expect((await me(platform.baseUrl, before.token)).status).toBe(200);
        expect((await me(platform.baseUrl, (await signIn('owner@frozen.test', 'frozen')).token)).status).toBe(200);
      },
      ADMIN_TIMEOUT,
    );

    it(
      'an invoice 7 days overdue is within grace; 8 days overdue makes every JWT request 402 with exactly {error}; paying restores access',
      async () => {
        const session = await signIn('owner@overdue.test', 'overdue');
        await platform.adminOk('tenant', 'invoice', '--slug', 'overdue', '--days-overdue', '7');
        expect((await me(platform.baseUrl, session.token)).status).toBe(200);

        await platform.adminOk('tenant', 'invoice', '--slug', 'overdue', '--days-overdue', '8');
        for (const response of [
          await me(platform.baseUrl, session.token),
          await apiRequest(platform.baseUrl, '/artists', { key: session.token }),
          await apiRequest(platform.baseUrl, '/auth/logout', { method: 'POST', key: session.token }),
        ]) {
          expect(response.status).toBe(402);
          expect(response.body).toEqual({ error: Messages.invoiceOverdue });
        }
        expect(Messages.invoiceOverdue).toBe(
          'Account access is suspended due to an outstanding invoice. Please contact support to restore access.',
        );
        await platform.adminOk('tenant', 'invoice-paid', '--slug', 'overdue');
        expect((await me(platform.baseUrl, session.token)).status).toBe(200);
      },
      ADMIN_TIMEOUT,
    );
  });

  describe('routes that do not exist', () => {
    it('POST /auth/signup is 404, with or without a token', async () => {
      const session = await signIn('alice@sessions.test');
      const body = { email: 'new@sessions.test', password: PASSWORD, tenant_slug: 'sessions' };
      expectError(await apiRequest(platform.baseUrl, '/auth/signup', { method: 'POST', body }), 404, Messages.endpointNotFound);
      expectError(await apiRequest(platform.baseUrl, '/v1/auth/signup', { method: 'POST', body, key: session.token }), 404, Messages.endpointNotFound);
    }, HTTP_TIMEOUT);
  });
});
