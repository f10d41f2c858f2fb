import { Messages } from '@sv/contracts';
import { apiClient, apiRequest, startDnsServer, startPlatform, type ApiResponse, type DnsServer, type TestPlatform } from '@sv/testing';

/*
 * A white-label domain is claimed, then proven: by a TXT record `_sv-verification.<domain>` holding
 * the tenant's token (looked up through SV_DNS_RESOLVERS, here a local DNS server), or by the
 * operator's `tenant domain-approve`. Until then it resolves nothing and any tenant may claim it;
 * once one tenant has proven it, it is 409 for the others.
 */

const PASSWORD = 'correct horse battery staple';
const TOKEN_VALUE = /^sv-verification=[0-9a-f]{40}$/;

type Api = ReturnType<typeof apiClient>;

const expectError = (response: ApiResponse, status: number, message: string) => {
  expect([response.status, response.body?.error]).toEqual([status, message]);
};

describe('white-label domain verification', () => {
  let dns: DnsServer;
  let platform: TestPlatform;
  const owner: Record<'acme' | 'rival', Api> = {} as never;

  const claim = (tenant: 'acme' | 'rival', domain: string | null) => owner[tenant]('/tenants/domain', { method: 'PUT', body: { domain } });
  const loginAt = (domain: string, tenant: 'acme' | 'rival' = 'acme') =>
    apiRequest(platform.baseUrl, '/auth/login', { body: { email: `owner@${tenant}.example`, password: PASSWORD }, headers: { 'X-Tenant-Domain': domain } });
  /** Publishes the record a claim's reply asks for. */
  const publish = (reply: ApiResponse) => {
    const { record_name, record_value } = reply.body.data.domain_verification;
    dns.setTxt(record_name, [record_value]);
  };

  beforeAll(async () => {
    dns = await startDnsServer();
    platform = await startPlatform({ catalogue: false, env: { SV_DNS_RESOLVERS: dns.address, SV_RATE_LIMIT_MULTIPLIER: '20' } });
    for (const tenant of ['acme', 'rival'] as const) {
      await platform.adminOk('tenant', 'create', '--slug', tenant, '--name', tenant);
      await platform.adminOk('user', 'create', '--tenant', tenant, '--email', `owner@${tenant}.example`, '--password', PASSWORD, '--role', 'owner');
      owner[tenant] = apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', tenant, '--role', 'owner')).key));
    }
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await dns?.close();
  });

  it('a claim is pending: it names the TXT record to publish and does not resolve the tenant', async () => {
    const response = await claim('acme', 'Music.Example');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      domain: 'music.example',
      domain_status: 'pending',
      domain_verification: { record_type: 'TXT', record_name: '_sv-verification.music.example', record_value: expect.stringMatching(TOKEN_VALUE) },
    });
    expect(dns.queries).toContain('_sv-verification.music.example');
    expectError(await loginAt('music.example'), 404, Messages.tenantNotFound);
  });

  it('another tenant may still claim a pending domain, with a token of its own', async () => {
    const acme = await claim('acme', 'music.example');
    const rival = await claim('rival', 'music.example');
    expect(rival.status).toBe(200);
    expect(rival.body.data.domain_status).toBe('pending');
    expect(rival.body.data.domain_verification.record_value).not.toBe(acme.body.data.domain_verification.record_value);
    // The token is the tenant's: claiming again shows the same record.
    expect((await claim('acme', 'music.example')).body.data.domain_verification).toEqual(acme.body.data.domain_verification);
  });

  it("another tenant's token proves nothing", async () => {
    const rival = await claim('rival', 'music.example');
    publish(rival);
    const acme = await claim('acme', 'music.example');
    expect(acme.body.data.domain_status).toBe('pending');
    dns.setTxt('_sv-verification.music.example', []);
  });

  it('publishing the record and repeating the PUT verifies it: the domain resolves the tenant and is 409 for the others', async () => {
    publish(await claim('acme', 'music.example'));
    const verified = await claim('acme', 'music.example');
    expect(verified.body.data).toMatchObject({ domain: 'music.example', domain_status: 'verified', domain_verification: null });

    const login = await loginAt('music.example');
    expect(login.status).toBe(200);
    const me = await apiRequest(platform.baseUrl, '/users/me', { key: login.body.data.access_token });
    expect(me.body.data.workspace).toMatchObject({ slug: 'acme', domain: 'music.example', domain_status: 'verified' });

    // The rival's pending claim can no longer be renewed or proven, nor can a client take it.
    expectError(await claim('rival', 'music.example'), 409, Messages.duplicateRecord);
    expectError(await owner.rival('/tenants/clients', { body: { name: 'Squat', slug: 'squat', domain: 'music.example' } }), 409, Messages.duplicateRecord);
    expectError(await loginAt('music.example', 'rival'), 401, Messages.loginInvalid);
  });

  it("the operator's approval stands in for DNS; a domain another tenant verified is refused", async () => {
    expect((await claim('rival', 'rival.example')).body.data.domain_status).toBe('pending');
    const approved = await platform.adminOk('tenant', 'domain-approve', '--slug', 'rival', '--domain', 'Rival.Example');
    expect(approved.tenant).toMatchObject({ slug: 'rival', domain: 'rival.example', domain_status: 'verified' });
    expect((await loginAt('rival.example', 'rival')).status).toBe(200);

    const refused = await platform.admin('tenant', 'domain-approve', '--slug', 'rival', '--domain', 'music.example');
    expect([refused.code, refused.json.error]).toEqual([1, Messages.duplicateRecord]);
  });

  it("a client created with a domain is pending too, and a verified domain can't be given to one", async () => {
    const client = await owner.acme('/tenants/clients', { body: { name: 'North', slug: 'north', domain: 'north.example' } });
    expect([client.status, client.body.data.domain_status]).toEqual([201, 'pending']);
    expectError(await loginAt('north.example'), 404, Messages.tenantNotFound);
    expectError(await owner.acme('/tenants/clients', { body: { name: 'Clash', slug: 'clash', domain: 'rival.example' } }), 409, Messages.duplicateRecord);
  });

  it('releasing a verified domain stops it resolving and frees it for another tenant to prove', async () => {
    const released = await claim('acme', null);
    expect(released.body.data).toMatchObject({ domain: null, domain_status: null, domain_verification: null });
    expectError(await loginAt('music.example'), 404, Messages.tenantNotFound);
    publish(await claim('rival', 'music.example'));
    expect((await claim('rival', 'music.example')).body.data.domain_status).toBe('verified');
    expect((await loginAt('music.example', 'rival')).status).toBe(200);
  });
});
