import { Messages } from '@sv/contracts';
import { apiRequest, startPlatform, type TestPlatform } from '@sv/testing';

/** The change must reach every replica this fast (the bar), measured from the command's end. */
const PROPAGATION_MS = 1_000;

/**
 * Gateways cache API keys and their tenant's state; the operator's changes reach every replica
 * over NATS at once, not when a cache entry happens to expire.
 */
describe('cached credentials follow operator changes on every replica', () => {
  let platform: TestPlatform;
  let slugCounter = 0;

  beforeAll(async () => {
    platform = await startPlatform({ gateways: 2, env: { SV_RATE_LIMIT_MULTIPLIER: '100' } });
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const newTenantWithKey = async (): Promise<{ slug: string; key: string }> => {
    const slug = `cache-${++slugCounter}`;
    expect((await platform.admin('tenant', 'create', '--slug', slug, '--name', slug)).code).toBe(0);
    const key = await platform.admin('key', 'create', '--tenant', slug, '--role', 'owner');
    expect(key.code).toBe(0);
    return { slug, key: key.json.key as string };
  };

  /** Both replicas have answered with the key, so both hold it in their cache. */
  const warm = async (key: string) => {
    for (const gateway of platform.gateways) {
      for (let i = 0; i < 3; i++) expect((await apiRequest(gateway.url, '/artists', { key })).status).toBe(200);
    }
  };

  const statusesWithin = async (key: string, ms: number) => {
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const responses = await Promise.all(platform.gateways.map((gateway) => apiRequest(gateway.url, '/artists', { key })));
    return { responses, elapsed: Date.now() - started };
  };

  it('a revoked key is refused by every replica within a second', async () => {
    const { key } = await newTenantWithKey();
    await warm(key);
    expect((await platform.admin('key', 'revoke', '--key', key)).code).toBe(0);
    const { responses } = await statusesWithin(key, PROPAGATION_MS);
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(response.body.error).toBe(Messages.apiKeyInvalid);
    }
  }, 60_000);

  it('a suspended tenant is refused within a second, and let back in within a second of unsuspension', async () => {
    const { slug, key } = await newTenantWithKey();
    await warm(key);
    expect((await platform.admin('tenant', 'suspend', '--slug', slug)).code).toBe(0);
    for (const response of (await statusesWithin(key, PROPAGATION_MS)).responses) expect(response.status).toBe(401);
    expect((await platform.admin('tenant', 'unsuspend', '--slug', slug)).code).toBe(0);
    for (const response of (await statusesWithin(key, PROPAGATION_MS)).responses) expect(response.status).toBe(200);
  }, 60_000);

  it('an overdue invoice locks the tenant (402) within a second, and paying it unlocks it', async () => {
    const { slug, key } = await newTenantWithKey();
    await warm(key);
    expect((await platform.admin('tenant', 'invoice', '--slug', slug, '--days-overdue', '8')).code).toBe(0);
    for (const response of (await statusesWithin(key, PROPAGATION_MS)).responses) expect(response.status).toBe(402);
    expect((await platform.admin('tenant', 'invoice-paid', '--slug', slug)).code).toBe(0);
    for (const response of (await statusesWithin(key, PROPAGATION_MS)).responses) expect(response.status).toBe(200);
  }, 60_000);

  it('an invoice still within its grace does not lock the tenant', async () => {
    const { slug, key } = await newTenantWithKey();
    await warm(key);
    expect((await platform.admin('tenant', 'invoice', '--slug', slug, '--days-overdue', '7')).code).toBe(0);
    for (const response of (await statusesWithin(key, PROPAGATION_MS)).responses) expect(response.status).toBe(200);
  }, 60_000);
});
