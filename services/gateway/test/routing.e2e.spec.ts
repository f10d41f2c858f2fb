import { randomUUID } from 'node:crypto';
import { Messages, apiSubject } from '@sv/contracts';
import { callService } from '@sv/platform';
import { answerWithin, connectTestNats, apiClient, apiRequest, startPlatform, type TestPlatform } from '@sv/testing';

const UNAVAILABLE = { success: false, error: Messages.serviceUnavailable };
/** POST /ingestion/json as its schema takes it: a release and one track. */
const VALID_JSON_RELEASE = {
  title: 'x',
  type: 'single',
  release_date: '2026-03-01',
  genre: 'Pop',
  tracks: [{ title: 'x', position: 1, explicit: false }],
};

describe('routing to the owning service', () => {
  let platform: TestPlatform;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    // A service writes its per-operation line at debug; these tests read it to follow the request id.
    platform = await startPlatform({ env: { SV_LOG_LEVEL: 'debug' } });
    expect((await platform.admin('tenant', 'create', '--slug', 'acme', '--name', 'Acme')).code).toBe(0);
    const created = await platform.admin('key', 'create', '--tenant', 'acme', '--role', 'owner');
    expect(created.code).toBe(0);
    api = apiClient(platform.baseUrl, created.json.key);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const gatewayAlive = async () => {
    expect(platform.gateways[0]?.process.child.exitCode).toBeNull();
    expect(platform.gateways[0]?.process.child.signalCode).toBeNull();
    const health = await apiRequest(platform.baseUrl, '/health');
    expect(health.status).toBe(200);
  };

  it('forwards a routed request to the running service', async () => {
    const response = await api('/v1/artists');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.objectContaining({ artists: [], total: 0 }));
  });

  it.each([
    ['GET', '/webhooks'],
    ['GET', '/v1/webhooks'],
    ['GET', '/supply-chain/dsps'],
    ['GET', '/analytics/overview'],
    ['GET', '/v1/royalties/balance'],
    ['POST', '/ingestion/json'],
  ])('%s %s, whose service is not running, is 503 at once', async (method, path) => {
    // A body the gateway's own check lets through: only the service can answer it.
    const response = await api(path, { method, ...(method === 'POST' ? { body: VALID_JSON_RELEASE } : {}) });
    expect(response.status).toBe(503);
    expect(response.body).toEqual(UNAVAILABLE);
    expect(response.headers.get('x-request-id')).toMatch(/\S/);
    expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  });

  it('answers "Endpoint not found." for an operation the running service does not know, without crashing', async () => {
    // Every routed catalogue path is implemented now, so ask the catalogue directly, as a gateway
    // of a newer version (whose route table is ahead of this catalogue) would.
    const nc = await connectTestNats();
    try {
      const principal = {
        tenant_id: randomUUID(),
        tenant_slug: 'acme',
        role: 'owner' as const,
        actor: { type: 'api_key' as const, id: randomUUID() },
        artist_id: null,
        roster: false,
      };
      const reply = await callService(nc, apiSubject(platform.subjectPrefix, 'catalogue'), { operation: 'releases.not_yet_built', principal }, 5_000);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ success: false, error: Messages.endpointNotFound });
    } finally {
      await nc.close();
    }

    await gatewayAlive();
    expect(platform.catalogue?.child.exitCode).toBeNull();
    expect((await api('/artists')).status).toBe(200);
  });

  it('passes the caller’s X-Request-Id to the service, whose log lines for that request carry it', async () => {
    const catalogue = platform.catalogue;
    if (!catalogue) throw new Error('the catalogue should be running');
    const requestId = `routing-${randomUUID()}`;
    // no-cache: the catalogue answers, not the gateway's cache of its reads.
    const response = await api('/artists', { headers: { 'x-request-id': requestId, 'cache-control': 'no-cache' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);

    const line = await catalogue.waitForLog((entry) => entry.request_id === requestId, 5_000);
    expect(line).toEqual(expect.objectContaining({ service: 'catalogue', operation: 'artists.list', status: 200, request_id: requestId }));

    // A different request is logged with its own id, not this one.
    const otherId = `routing-${randomUUID()}`;
    expect((await api('/artists', { headers: { 'x-request-id': otherId, 'cache-control': 'no-cache' } })).status).toBe(200);
    const other = await catalogue.waitForLog((entry) => entry.request_id === otherId, 5_000);
    expect(other.operation).toBe('artists.list');
  });

  it('a generated request id, when the caller sends none, is the one the service logs', async () => {
    const catalogue = platform.catalogue;
    if (!catalogue) throw new Error('the catalogue should be running');
    const response = await api('/artists', { headers: { 'cache-control': 'no-cache' } });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/\S/);
    const line = await catalogue.waitForLog((entry) => entry.request_id === requestId, 5_000);
    expect(line.operation).toBe('artists.list');
  });

  it('answers 503 while the catalogue is stopped and 200 again once it is back, and the gateway keeps running', async () => {
    expect((await api('/artists')).status).toBe(200);

    await platform.catalogue?.stop();
    // Cached reads too, once the stopping catalogue's announcement is in (milliseconds).
    const down = await answerWithin(1_000, () => api('/artists'), (answer) => answer.status === 503);
    expect(down.status).toBe(503);
    expect(down.body).toEqual(UNAVAILABLE);
    const downWrite = await api('/v1/artists', { body: { name: 'Down', slug: 'down' } });
    expect(downWrite.status).toBe(503);
    expect(downWrite.body).toEqual(UNAVAILABLE);
    await gatewayAlive();

    await platform.startCatalogue();
    const up = await api('/artists');
    expect(up.status).toBe(200);
    expect(up.body).toEqual(expect.objectContaining({ artists: [], total: 0 }));
    await gatewayAlive();
  });
});
