import { randomUUID } from 'node:crypto';
import { Messages } from '@sv/contracts';
import { apiClient, startPlatform, type RequestOptions, type TestPlatform } from '@sv/testing';

/*
 * Webhook subscriptions belong to the tenant, not to one of its artists, and their URLs often carry
 * the receiver's token: an artist-side key (artist, collaborator, with or without roster access)
 * neither lists, reads nor manages them; team and owner keys read them.
 */

type Api = ReturnType<typeof apiClient>;

const TOKEN_URL = 'https://hooks.example.com/sv?token=receiver-secret-123';

let platform: TestPlatform;
const api: Record<'owner' | 'team' | 'artist' | 'collaborator' | 'rosterArtist', Api> = {} as never;
let webhookId: string;

beforeAll(async () => {
  platform = await startPlatform({ catalogue: false, supplyChain: true, webhooks: true });
  await platform.adminOk('tenant', 'create', '--slug', 'wh-perm', '--name', 'Label Perm');
  const artistId = randomUUID();
  const keyOf = async (role: string, ...extra: string[]) =>
    apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', 'wh-perm', '--role', role, ...extra)).key));
  [api.owner, api.team, api.artist, api.collaborator, api.rosterArtist] = await Promise.all([
    keyOf('owner'),
    keyOf('team'),
    keyOf('artist', '--artist', artistId),
    keyOf('collaborator', '--artist', artistId),
    keyOf('artist', '--artist', artistId, '--roster'),
  ]);
  const created = await api.owner('/v1/webhooks', { body: { name: 'Tokened', url: TOKEN_URL, events: ['ingestion.*'] } });
  expect(created.status).toBe(201);
  webhookId = created.body.webhook.uuid;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 180_000);

describe('webhook subscriptions and artist-side keys', () => {
  it.each(['artist', 'collaborator', 'rosterArtist'] as const)('a %s key gets 403 on every subscription route, and never the URL', async (role) => {
    const calls: [string, RequestOptions][] = [
      ['/v1/webhooks', {}],
      [`/v1/webhooks/${webhookId}`, {}],
      [`/v1/webhooks/${webhookId}/deliveries`, {}],
      ['/v1/webhooks', { body: { name: 'Mine', url: 'https://hooks.example.com/mine', events: ['ingestion.*'] } }],
      [`/v1/webhooks/${webhookId}`, { method: 'PATCH', body: { name: 'Renamed' } }],
      [`/v1/webhooks/${webhookId}/test`, { method: 'POST' }],
      [`/v1/webhooks/${webhookId}/regenerate-secret`, { method: 'POST' }],
      [`/v1/webhooks/${webhookId}`, { method: 'DELETE' }],
    ];
    for (const [path, options] of calls) {
      const response = await api[role](path, options);
      expect([path, options.method ?? 'GET', response.status, response.body?.error]).toEqual([path, options.method ?? 'GET', 403, Messages.forbidden]);
      expect(response.text).not.toContain('receiver-secret-123');
    }
    // Nothing changed.
    expect((await api.owner(`/v1/webhooks/${webhookId}`)).body.webhook).toMatchObject({ name: 'Tokened', url: TOKEN_URL });
  });

  it('team and owner keys read the subscriptions and their delivery log', async () => {
    for (const reader of [api.team, api.owner]) {
      const list = await reader('/v1/webhooks');
      expect(list.status).toBe(200);
      expect(list.body.webhooks.map((webhook: { uuid: string }) => webhook.uuid)).toContain(webhookId);
      expect((await reader(`/v1/webhooks/${webhookId}`)).body.webhook.url).toBe(TOKEN_URL);
      expect((await reader(`/v1/webhooks/${webhookId}/deliveries`)).status).toBe(200);
    }
  });

  it('the event catalogue stays open to every key: it names events, not subscriptions', async () => {
    expect((await api.artist('/v1/webhooks/event-types')).status).toBe(200);
  });
});
