import { Messages } from '@sv/contracts';
import { apiRequest, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

const SANDBOX_ENV = 'api-sandbox';

describe('sandbox and production', () => {
  let production: TestPlatform;
  let sandbox: TestPlatform;
  /** The sandbox host without its /api base, to probe paths outside it. */
  let sandboxOrigin: string;
  const keys = { production: '', sandbox: '' };
  const tenantIds = { production: '', sandbox: '' };

  beforeAll(async () => {
    // Assigned one by one, so afterAll stops whichever started even if the other failed.
    await Promise.all([
      startPlatform({ catalogue: false }).then((started) => (production = started)),
      startPlatform({ environment: 'sandbox', catalogue: false }).then((started) => (sandbox = started)),
    ]);
    sandboxOrigin = new URL(sandbox.baseUrl).origin;
    // The same tenant slug in both environments: they are still separate worlds.
    const [prodTenant, sandboxTenant] = await Promise.all([
      production.adminOk('tenant', 'create', '--slug', 'twin', '--name', 'Twin Records'),
      sandbox.adminOk('tenant', 'create', '--slug', 'twin', '--name', 'Twin Records', '--env', 'sandbox'),
    ]);
    tenantIds.production = prodTenant.tenant.uuid;
    tenantIds.sandbox = sandboxTenant.tenant.uuid;
    const [prodKey, sandboxKey] = await Promise.all([
      production.adminOk('key', 'create', '--tenant', 'twin', '--role', 'owner'),
      sandbox.adminOk('key', 'create', '--tenant', 'twin', '--role', 'owner', '--env', 'sandbox'),
    ]);
    keys.production = prodKey.key;
    keys.sandbox = sandboxKey.key;
  }, 180_000);

  afterAll(async () => {
    await Promise.all([production?.stop(), sandbox?.stop()]);
  });

  describe('X-Service-Env', () => {
    const sandboxResponses = (): [string, number, () => Promise<ApiResponse>][] => [
      ['200 /api/v1/users/me', 200, () => apiRequest(sandbox.baseUrl, '/v1/users/me', { key: keys.sandbox })],
      ['200 /api/users/me', 200, () => apiRequest(sandbox.baseUrl, '/users/me', { key: keys.sandbox })],
      ['200 health', 200, () => apiRequest(sandbox.baseUrl, '/v1/health')],
      ['401 no token', 401, () => apiRequest(sandbox.baseUrl, '/v1/users/me')],
      ['401 production key', 401, () => apiRequest(sandbox.baseUrl, '/v1/users/me', { key: keys.production })],
      ['404 unknown path', 404, () => apiRequest(sandbox.baseUrl, '/v1/no-such-route', { key: keys.sandbox })],
      ['404 outside the /api base', 404, () => apiRequest(sandboxOrigin, '/v1/users/me', { key: keys.sandbox })],
      ['404 unsupported version', 404, () => apiRequest(sandbox.baseUrl, '/v2/users/me', { key: keys.sandbox })],
      ['503 service not running', 503, () => apiRequest(sandbox.baseUrl, '/v1/artists', { key: keys.sandbox })],
    ];

    it('is "api-sandbox" on every sandbox response, whatever the status', async () => {
      for (const [label, status, send] of sandboxResponses()) {
        const response = await send();
        expect([label, response.status]).toEqual([label, status]);
        expect([label, response.headers.get('x-service-env')]).toEqual([label, SANDBOX_ENV]);
      }
    });

    it('is never sent by production', async () => {
      for (const [label, status, send] of [
        ['200 /v1/users/me', 200, () => apiRequest(production.baseUrl, '/v1/users/me', { key: keys.production })],
        ['200 health', 200, () => apiRequest(production.baseUrl, '/health')],
        ['401 no token', 401, () => apiRequest(production.baseUrl, '/v1/users/me')],
        ['401 sandbox key', 401, () => apiRequest(production.baseUrl, '/v1/users/me', { key: keys.sandbox })],
        ['404 unknown path', 404, () => apiRequest(production.baseUrl, '/v1/no-such-route', { key: keys.production })],
      ] as [string, number, () => Promise<ApiResponse>][]) {
        const response = await send();
        expect([label, response.status]).toEqual([label, status]);
        expect([label, response.headers.get('x-service-env')]).toEqual([label, null]);
      }
    });

    it('is exposed to browsers', async () => {
      const response = await apiRequest(sandbox.baseUrl, '/v1/users/me', { key: keys.sandbox, headers: { Origin: 'https://app.example' } });
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      expect(exposed).toContain('x-service-env');
    });
  });

  describe('separate keys per environment', () => {
    it('a production key is 401 on the sandbox, though a tenant with the same slug exists there', async () => {
      expect((await apiRequest(production.baseUrl, '/users/me', { key: keys.production })).status).toBe(200);
      const response = await apiRequest(sandbox.baseUrl, '/v1/users/me', { key: keys.production });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, error: Messages.apiKeyInvalid });
    });

    it('a sandbox key is 401 on production', async () => {
      expect((await apiRequest(sandbox.baseUrl, '/v1/users/me', { key: keys.sandbox })).status).toBe(200);
      const response = await apiRequest(production.baseUrl, '/v1/users/me', { key: keys.sandbox });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, error: Messages.apiKeyInvalid });
    });

    it('each key sees its own environment\'s workspace', async () => {
      expect(tenantIds.sandbox).not.toBe(tenantIds.production);
      const inSandbox = await apiRequest(sandbox.baseUrl, '/users/me', { key: keys.sandbox });
      expect(inSandbox.body.data.workspace.uuid).toBe(tenantIds.sandbox);
      const inProduction = await apiRequest(production.baseUrl, '/users/me', { key: keys.production });
      expect(inProduction.body.data.workspace.uuid).toBe(tenantIds.production);
    });
  });

  describe('addresses', () => {
    it('the sandbox serves under /api/v1/... and /api/... alike', async () => {
      expect(sandbox.baseUrl).toMatch(/\/api$/);
      const versioned = await apiRequest(sandbox.baseUrl, '/v1/users/me', { key: keys.sandbox });
      const unversioned = await apiRequest(sandbox.baseUrl, '/users/me', { key: keys.sandbox });
      expect(versioned.status).toBe(200);
      expect(unversioned.status).toBe(200);
      expect(unversioned.body.data).toEqual(versioned.body.data);
      expect((await apiRequest(sandbox.baseUrl, '/health')).status).toBe(200);
    });

    it('the sandbox serves nothing outside /api', async () => {
      for (const path of ['/v1/users/me', '/users/me', '/health']) {
        const response = await apiRequest(sandboxOrigin, path, { key: keys.sandbox });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, error: Messages.endpointNotFound });
      }
    });

    it('production does not serve the sandbox prefix', async () => {
      const response = await apiRequest(production.baseUrl, '/api/v1/users/me', { key: keys.production });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: Messages.endpointNotFound });
    });
  });
});
