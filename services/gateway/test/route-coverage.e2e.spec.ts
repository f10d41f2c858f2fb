import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { Messages, ROUTES, apiSubject, type Principal } from '@sv/contracts';
import { callService } from '@sv/platform';
import { connectTestNats, startPlatform, type TestPlatform } from '@sv/testing';

/** Every service that serves routes besides the gateway itself (whose routes are answered in-process). */
const SERVICES = new Set(['catalogue', 'supply-chain', 'webhooks', 'delivery', 'ingestion', 'royalties', 'analytics']);

/**
 * Every route of the registry whose service runs is served by that service: asked for
 * the route's operation, it never answers "Endpoint not found." (which is what a forgotten
 * handler answers). Replies about the record itself (404 Release not found., 422, 403) are fine.
 */
describe('every routed operation has its handler', () => {
  let platform: TestPlatform;
  let nc: NatsConnection;

  beforeAll(async () => {
    platform = await startPlatform({ supplyChain: true, webhooks: true, delivery: true, ingestion: true, royalties: true, analytics: true });
    nc = await connectTestNats();
  }, 240_000);

  afterAll(async () => {
    await nc?.close();
    await platform?.stop();
  });

  const principal: Principal = {
    tenant_id: randomUUID(),
    tenant_slug: 'coverage',
    role: 'owner',
    actor: { type: 'api_key', id: randomUUID() },
    artist_id: null,
    roster: true,
  };

  const routes = ROUTES.filter((route) => route.service !== 'gateway');

  it('covers every service', () => {
    expect(new Set(routes.map((route) => route.service))).toEqual(SERVICES);
  });

  it.each(routes.map((route) => [route.method, route.path, route.service, route.operation] as const))('%s %s → %s %s', async (_method, path, service, operation) => {
    const params = Object.fromEntries([...path.matchAll(/:([a-z_]+)/g)].map(([, name]) => [name ?? '', name === 'file' ? 'spotify.xml' : randomUUID()]));
    const reply = await callService(nc, apiSubject(platform.subjectPrefix, service as never), { operation, params, principal, body: {} }, 10_000);
    expect(reply.body).not.toEqual({ success: false, error: Messages.endpointNotFound });
    expect(reply.status).toBeLessThan(500);
  });
});
