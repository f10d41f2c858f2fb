import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';

/*
 * The outbound guard as production runs it (SV_ALLOW_PRIVATE_URLS=0): webhook URLs must be
 * https and must not point at loopback, private or link-local addresses; refused URLs change
 * nothing.
 */

type Api = ReturnType<typeof apiClient>;

const REFUSED = 'The url must point to a public internet address (no loopback, private or link-local targets).';

let platform: TestPlatform;
let api: Api;

beforeAll(async () => {
  platform = await startPlatform({ catalogue: false, supplyChain: true, webhooks: true, env: { SV_ALLOW_PRIVATE_URLS: '0' } });
  const tenant = await platform.admin('tenant', 'create', '--slug', 'wh-guard', '--name', 'Label wh-guard');
  if (tenant.code !== 0) throw new Error(tenant.stderr);
  const key = await platform.admin('key', 'create', '--tenant', 'wh-guard', '--role', 'owner');
  if (key.code !== 0) throw new Error(key.stderr);
  api = apiClient(platform.baseUrl, String(key.json.key));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 180_000);

const create = (url: string) => api('/v1/webhooks', { body: { name: 'Guarded', url, events: ['release.delivered'] } });

describe('webhook target URLs with private targets not allowed', () => {
  it('refuses plain http', async () => {
    const response = await create('http://93.184.215.14/hook');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ url: ['The url must use https.'] });
  });

  it.each(['https://127.0.0.1:9000/hook', 'https://[::1]/hook', 'https://localhost/hook', 'https://169.254.169.254/latest', 'https://10.0.0.8/hook'])(
    'refuses %s',
    async (url) => {
      const response = await create(url);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ url: [REFUSED] });
    },
  );

  it('accepts https to a public address, and refuses a PATCH to a private one without changing it', async () => {
    const created = await create('https://93.184.215.14/hook');
    expect(created.status).toBe(201);
    const uuid = created.body.webhook.uuid as string;
    const patched = await api(`/v1/webhooks/${uuid}`, { method: 'PATCH', body: { url: 'https://192.168.0.10/hook' } });
    expect(patched.status).toBe(422);
    expect(patched.body.errors).toEqual({ url: [REFUSED] });
    expect((await api(`/v1/webhooks/${uuid}`)).body.webhook.url).toBe('https://93.184.215.14/hook');
    expect((await api('/v1/webhooks')).body.total).toBe(1);
  });
});
