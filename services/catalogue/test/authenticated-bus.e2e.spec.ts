import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { CatalogueOperation, apiSubject, busInboxPrefix, type Principal } from '@sv/contracts';
import { authenticatorFromFile, callService } from '@sv/platform';
import { TEST_NATS_URL, localBusCredentials, startPlatform, type LocalBusIdentity, type TestPlatform } from '@sv/testing';

/**
 * The principal a request carries is trusted only because nothing but the gateway (and the
 * services that need it) may send one: these connections try what the security review did.
 */
let platform: TestPlatform;
let tenantId: string;

const superAdmin = (): Principal => ({
  tenant_id: tenantId,
  tenant_slug: 'bus',
  role: 'super_admin',
  actor: { type: 'api_key', id: randomUUID() },
  artist_id: null,
  roster: false,
});

/**
 * Connects with a service's credentials. A socket the server closed while the client was still
 * introducing itself (seen once on a loaded two-core machine as EPIPE) is dialled again: what these
 * tests check is what the server permits once connected, and an authorization refusal still fails.
 */
const connectAs = async (environment: 'production' | 'sandbox', identity: LocalBusIdentity): Promise<NatsConnection> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect({
        servers: TEST_NATS_URL,
        reconnect: false,
        inboxPrefix: busInboxPrefix(identity),
        authenticator: authenticatorFromFile(localBusCredentials(environment, identity)),
      });
    } catch (error) {
      if (attempt >= 3 || /authori[sz]ation/i.test(String(error))) throw error;
    }
  }
};

const listArtists = (nc: NatsConnection) =>
  callService(nc, apiSubject(platform.subjectPrefix, 'catalogue'), { operation: CatalogueOperation.artistsList, principal: superAdmin(), query: {} }, 3_000);

beforeAll(async () => {
  platform = await startPlatform();
  tenantId = (await platform.adminOk('tenant', 'create', '--slug', 'bus', '--name', 'Bus')).tenant.uuid;
  await platform.adminOk('artist', 'create', '--tenant', 'bus', '--name', 'Hidden', '--slug', 'hidden');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the authenticated bus', () => {
  it('refuses a connection without credentials', async () => {
    await expect(connect({ servers: TEST_NATS_URL, reconnect: false })).rejects.toThrow(/authorization/i);
  });

  it('lets the gateway identity call the catalogue (the control for the refusals below)', async () => {
    const nc = await connectAs('production', 'gateway');
    try {
      const reply = await listArtists(nc);
      expect(reply.status).toBe(200);
      expect(JSON.stringify(reply.body)).toContain('Hidden');
    } finally {
      await nc.close();
    }
  });

  it("refuses another service's credentials on the catalogue's api subject: no principal it forges is read", async () => {
    const nc = await connectAs('production', 'webhooks');
    try {
      await expect(listArtists(nc)).rejects.toThrow(/permissions violation for publish/i);
    } finally {
      await nc.close().catch(() => undefined);
    }
  });

  it("refuses a service reading another service's requests or replies", async () => {
    const nc = await connectAs('production', 'webhooks');
    const errors: string[] = [];
    void (async () => {
      for await (const status of nc.status()) if (status.type === 'error') errors.push(String(status.error));
    })();
    try {
      nc.subscribe(apiSubject(platform.subjectPrefix, 'catalogue'));
      nc.subscribe(`${busInboxPrefix('gateway')}.>`);
      await nc.flush();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(errors.join('\n')).toMatch(/permissions violation for subscription to "[^"]*api\.catalogue"/i);
      expect(errors.join('\n')).toMatch(/permissions violation for subscription to "_INBOX\.gateway\.>"/i);
    } finally {
      await nc.close().catch(() => undefined);
    }
  });

  it('keeps the sandbox out of production: its gateway reaches no production service', async () => {
    const nc = await connectAs('sandbox', 'gateway');
    try {
      await expect(listArtists(nc)).rejects.toMatchObject({ code: expect.stringMatching(/service_unreachable|service_timeout/) });
    } finally {
      await nc.close();
    }
  });
});
