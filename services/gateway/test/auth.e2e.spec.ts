import { Messages } from '@sv/contracts';
import { answerWithin, apiClient, apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/** Tests that run the admin command start a process per call; a busy machine needs more than 5 s. */
const ADMIN_TIMEOUT = 30_000;

const INVOICE_BODY = {
  error: 'Account access is suspended due to an outstanding invoice. Please contact support to restore access.',
};

const expect401 = (response: ApiResponse, message: string) => {
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ success: false, error: message });
  expect(response.headers.get('x-request-id')).toMatch(/\S/);
  expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
};

describe('authentication with API keys', () => {
  let platform: TestPlatform;
  const tenants: Record<string, { uuid: string; slug: string }> = {};
  const keys: Record<string, { key: string; api_key: { uuid: string; prefix: string; expires_at: string | null } }> = {};

  const createTenant = async (slug: string, ...extra: string[]) => {
    tenants[slug] = (await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Tenant ${slug}`, ...extra)).tenant;
  };
  const createKey = async (name: string, tenant: string, ...extra: string[]) => {
    keys[name] = (await platform.adminOk('key', 'create', '--tenant', tenant, '--role', 'owner', ...extra)) as (typeof keys)[string];
  };
  const me = (key: string, headers: Record<string, string> = {}) => apiRequest(platform.baseUrl, '/users/me', { key, headers });

  beforeAll(async () => {
    platform = await startPlatform();
    // Every admin call is a process start (about a second), so the set-up is kept small.
    await Promise.all([createTenant('alpha'), createTenant('beta', '--domain', 'other.example'), createTenant('gamma')]);
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 24 * 3600_000).toISOString();
    await Promise.all([
      createKey('alpha', 'alpha'),
      createKey('alphaExpired', 'alpha', '--expires-at', past),
      createKey('alphaToRevoke', 'alpha', '--expires-at', future),
      createKey('beta', 'beta'),
      createKey('gamma', 'gamma'),
    ]);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  describe('refused tokens', () => {
    it('no Authorization header is 401 "Authentication token is missing."', async () => {
      expect401(await apiRequest(platform.baseUrl, '/users/me'), Messages.tokenMissing);
      expect401(await apiRequest(platform.baseUrl, '/v1/artists'), 'Authentication token is missing.');
    });

    it('an empty bearer is treated as missing', async () => {
      expect401(await apiRequest(platform.baseUrl, '/users/me', { headers: { authorization: 'Bearer ' } }), Messages.tokenMissing);
    });

    it.each([
      ['garbage', 'svk_garbage'],
      ['well-formed but unknown', `svk_AbCdEfGh_${'x'.repeat(32)}`],
    ])('an svk_ key that is %s is 401 "Invalid, expired, or revoked API key."', async (_label, token) => {
      expect401(await me(token), 'Invalid, expired, or revoked API key.');
      expect401(await apiRequest(platform.baseUrl, '/artists', { key: token }), Messages.apiKeyInvalid);
    });

    it('a real key prefix with a wrong secret is refused', async () => {
      const real = keys.alpha!.key;
      const forged = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
      expect(forged.startsWith(keys.alpha!.api_key.prefix)).toBe(true);
      expect401(await me(forged), Messages.apiKeyInvalid);
      expect401(await me(real.slice(0, -1)), Messages.apiKeyInvalid);
      expect((await me(real)).status).toBe(200);
    });

    it('a bearer that is not an svk_ key is 401 "Invalid or expired token. Please log in again."', async () => {
      const jwtLike = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
      expect401(await me(jwtLike), 'Invalid or expired token. Please log in again.');
      expect401(await me('not-a-token'), Messages.tokenInvalid);
    });
  });

  describe('key lifecycle', () => {
    it('a key expiring in the future works; once revoked it is 401 and other keys of the tenant keep working', async () => {
      const key = keys.alphaToRevoke!.key;
      const before = await me(key);
      expect(before.status).toBe(200);
      expect(before.body.data.api_key.expires_at).toBe(keys.alphaToRevoke!.api_key.expires_at);
      const revoked = await platform.adminOk('key', 'revoke', '--key', key);
      expect(revoked.api_key.uuid).toBe(keys.alphaToRevoke!.api_key.uuid);
      expect401(await me(key), Messages.apiKeyInvalid);
      expect401(await apiRequest(platform.baseUrl, '/artists', { key }), Messages.apiKeyInvalid);
      expect((await me(keys.alpha!.key)).status).toBe(200);
    }, ADMIN_TIMEOUT);

    it('a key past its expiry is 401', async () => {
      expect(keys.alphaExpired!.api_key.expires_at).not.toBeNull();
      expect401(await me(keys.alphaExpired!.key), Messages.apiKeyInvalid);
      expect401(await apiRequest(platform.baseUrl, '/v1/artists', { key: keys.alphaExpired!.key }), Messages.apiKeyInvalid);
    });

    it('a key of a suspended tenant is 401, and works again after unsuspend', async () => {
      const key = keys.gamma!.key;
      expect((await me(key)).status).toBe(200);
      const suspended = await platform.adminOk('tenant', 'suspend', '--slug', 'gamma');
      expect(suspended.tenant.slug).toBe('gamma');
      // The change reaches the gateway's key cache as a NATS announcement, promised within one second;
      // the command's own reply can arrive before it.
      expect401(await answerWithin(1_000, () => me(key), (response) => response.status === 401), Messages.apiKeyInvalid);
      expect401(await apiRequest(platform.baseUrl, '/artists', { key }), Messages.apiKeyInvalid);
      expect((await me(keys.alpha!.key)).status).toBe(200);

      await platform.adminOk('tenant', 'unsuspend', '--slug', 'gamma');
      const restored = await answerWithin(1_000, () => me(key), (response) => response.status === 200);
      expect(restored.status).toBe(200);
      expect(restored.body.data.workspace.slug).toBe('gamma');
    }, ADMIN_TIMEOUT);
  });

  describe('invoice grace', () => {
    // Runs after the suspension test, on the same (unsuspended) tenant.
    const everyKindOfRequest = (key: string) => [
      apiRequest(platform.baseUrl, '/users/me', { key }),
      apiRequest(platform.baseUrl, '/v1/users/me', { key }),
      apiRequest(platform.baseUrl, '/artists', { key }),
      apiRequest(platform.baseUrl, '/artists', { key, body: { name: 'Blocked', slug: 'blocked' } }),
      apiRequest(platform.baseUrl, '/artists/00000000-0000-4000-8000-000000000000', { key, method: 'DELETE' }),
      apiRequest(platform.baseUrl, '/webhooks', { key }),
    ];

    it('an invoice less than 7 days overdue is within grace', async () => {
      const key = keys.gamma!.key;
      const invoice = await platform.adminOk('tenant', 'invoice', '--slug', 'gamma', '--days-overdue', '6');
      expect(invoice.invoice.status).toBe('open');
      expect((await me(key)).status).toBe(200);
      expect((await apiRequest(platform.baseUrl, '/artists', { key })).status).toBe(200);
    }, ADMIN_TIMEOUT);

    it('an invoice exactly 7 days overdue is still within grace (200)', async () => {
      const key = keys.gamma!.key;
      const invoice = await platform.adminOk('tenant', 'invoice', '--slug', 'gamma', '--days-overdue', '7');
      expect(invoice.invoice.days_overdue).toBe(7);
      expect((await me(key)).status).toBe(200);
    }, ADMIN_TIMEOUT);

    it('past 7 days every authenticated request is 402 with exactly the spec body, until paid', async () => {
      const key = keys.gamma!.key;
      await platform.adminOk('tenant', 'invoice', '--slug', 'gamma', '--days-overdue', '8');
      // Within the second the cache's announcement is promised in (as for a suspension above).
      expect((await answerWithin(1_000, () => me(key), (response) => response.status === 402)).status).toBe(402);
      const responses = await Promise.all(everyKindOfRequest(key));
      for (const response of responses) {
        expect(response.status).toBe(402);
        expect(response.body).toEqual(INVOICE_BODY);
        expect(response.body.error).toBe(Messages.invoiceOverdue);
        expect(response.headers.get('x-request-id')).toMatch(/\S/);
        expect(response.headers.get('x-api-version')).toBe('v1');
      }
      // Only this tenant is locked; the unauthenticated health probe and unknown paths are not 402.
      expect((await me(keys.alpha!.key)).status).toBe(200);
      expect((await apiRequest(platform.baseUrl, '/no-such-route', { key })).status).toBe(404);
      expect((await apiRequest(platform.baseUrl, '/health', { key })).status).toBe(200);

      const paid = await platform.adminOk('tenant', 'invoice-paid', '--slug', 'gamma');
      expect(paid.invoice.status).toBe('paid');
      const restored = await answerWithin(1_000, () => me(key), (response) => response.status === 200);
      expect(restored.status).toBe(200);
      expect(restored.body.data.workspace.slug).toBe('gamma');
      // Nothing was created while locked.
      const list = await apiRequest(platform.baseUrl, '/artists', { key });
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(0);
    }, ADMIN_TIMEOUT);
  });

  describe('the token decides the tenant', () => {
    it('GET /users/me returns the workspace and key of the caller', async () => {
      const response = await me(keys.alpha!.key);
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      const data = response.body.data;
      expect(data.workspace.uuid).toBe(tenants.alpha!.uuid);
      expect(data.workspace.slug).toBe('alpha');
      expect(data.api_key.uuid).toBe(keys.alpha!.api_key.uuid);
      expect(data.api_key.prefix).toBe(keys.alpha!.api_key.prefix);
      expect(keys.alpha!.key.startsWith(data.api_key.prefix)).toBe(true);
      expect(data.api_key.prefix.length).toBeLessThan(keys.alpha!.key.length);
      // The secret part of the key is never echoed back.
      expect(response.text).not.toContain(keys.alpha!.key.slice(data.api_key.prefix.length + 1));

      const beta = await me(keys.beta!.key);
      expect(beta.body.data.workspace.uuid).toBe(tenants.beta!.uuid);
      expect(beta.body.data.workspace.uuid).not.toBe(tenants.alpha!.uuid);
    });

    it('X-Tenant-Domain of another tenant does not change the workspace of a key', async () => {
      const response = await me(keys.alpha!.key, { 'X-Tenant-Domain': 'other.example' });
      expect(response.status).toBe(200);
      expect(response.body.data.workspace.uuid).toBe(tenants.alpha!.uuid);
      expect(response.body.data.workspace.slug).toBe('alpha');
      const host = await me(keys.alpha!.key, { 'X-Forwarded-Host': 'other.example' });
      expect(host.body.data.workspace.uuid).toBe(tenants.alpha!.uuid);
    });

    it('an artist of tenant A is 404 "Artist not found." for tenant B, whatever B sends', async () => {
      const alpha = apiClient(platform.baseUrl, keys.alpha!.key);
      const beta = apiClient(platform.baseUrl, keys.beta!.key);
      const created = await alpha('/artists', { body: { name: 'Alpha Only', slug: 'alpha-only' } });
      expect(created.status).toBe(201);
      const uuid = created.body.artist.uuid;

      for (const response of [
        await beta(`/artists/${uuid}`),
        await beta(`/v1/artists/${uuid}`, { method: 'PATCH', body: { name: 'Hijacked' } }),
        await beta(`/artists/${uuid}`, { method: 'DELETE' }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, error: 'Artist not found.' });
      }
      const betaList = await beta('/artists');
      expect(betaList.body.total).toBe(0);

      const stillThere = await alpha(`/artists/${uuid}`);
      expect(stillThere.status).toBe(200);
      expect(stillThere.body.artist.name).toBe('Alpha Only');

      // B's key naming A's domain still reads B's data.
      const alphaDomainAttempt = await beta(`/artists/${uuid}`, { headers: { 'X-Tenant-Domain': 'other.example' } });
      expect(alphaDomainAttempt.status).toBe(404);
      // And A's key naming B's domain still sees A's artist.
      const fromAlpha = await alpha(`/artists/${uuid}`, { headers: { 'X-Tenant-Domain': 'other.example' } });
      expect(fromAlpha.status).toBe(200);
    });
  });
});
