import { randomBytes } from 'node:crypto';
import { apiClient, eventually, startPlatform, startReceiver, verifySignature, type Receiver, type TestPlatform } from '@sv/testing';

/*
 * Subscriptions checked against the one event catalogue, through the real gateway: the catalogue's
 * events are accepted and delivered to a real HTTP receiver; a family nothing publishes is refused.
 */

type Api = ReturnType<typeof apiClient>;

let platform: TestPlatform;
let receiver: Receiver;
let api: Api;
let slug: string;

const typesAt = (path: string): string[] => receiver.at(path).map((request) => JSON.parse(request.raw).type);

beforeAll(async () => {
  receiver = await startReceiver({ ok: () => ({ status: 200 }) });
  platform = await startPlatform({ supplyChain: true, webhooks: true, env: { SV_WEBHOOK_TICK_MS: '100' } });
  slug = `ec-${randomBytes(2).toString('hex')}`;
  await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Label ${slug}`);
  api = apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', slug, '--role', 'owner', '--roster')).key));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await receiver?.close();
}, 180_000);

describe('subscribing to the events of the catalogue', () => {
  it('accepts artist.created, track.created and release.created, and delivers a created track to its subscriber', async () => {
    const all = await api('/v1/webhooks', {
      body: { name: 'Catalogue', url: receiver.url('/ok/all'), events: ['artist.created', 'track.created', 'release.created'] },
    });
    expect(all.status).toBe(201);
    expect(all.body.webhook.events).toEqual(['artist.created', 'track.created', 'release.created']);
    const tracks = await api('/v1/webhooks', { body: { name: 'Tracks', url: receiver.url('/ok/tracks'), events: ['track.created'] } });
    expect(tracks.status).toBe(201);

    const artist = await platform.adminOk('artist', 'create', '--tenant', slug, '--name', 'Catalogue Artist', '--slug', `artist-${slug}`);
    const release = await api('/v1/releases', {
      body: { title: 'Catalogued', type: 'single', release_date: '2026-06-01', genre: 'Pop', artist_id: String(artist.artist.uuid) },
    });
    expect(release.status).toBe(201);
    const releaseId = String(release.body.release.uuid);
    const track = await api(`/v1/releases/${releaseId}/tracks`, { body: { title: 'Track 1', position: 1, explicit: false } });
    expect(track.status).toBe(201);
    const trackId = String(track.body.track.uuid);

    const delivered = await eventually('track.created at the track subscriber', () => receiver.at('/ok/tracks')[0]);
    const body = JSON.parse(delivered.raw);
    expect(body).toMatchObject({ type: 'track.created', data: { track_id: trackId, release_id: releaseId, title: 'Track 1' } });
    expect(verifySignature(String(tracks.body.webhook.secret), delivered.headers['x-service-signature'] as string, delivered.raw)).toBe(true);

    await eventually('the three events at the catalogue subscriber', () => typesAt('/ok/all').length >= 3);
    expect(typesAt('/ok/all').sort()).toEqual(['artist.created', 'release.created', 'track.created']);
    expect(typesAt('/ok/tracks')).toEqual(['track.created']);
  });

  it("takes the spec's release.distribution.* (reserved, published by nothing yet) and refuses a family no one named, with the spec message", async () => {
    const reserved = await api('/v1/webhooks', { body: { name: 'Partners', url: receiver.url('/ok/partners'), events: ['release.distribution.*', 'track.created'] } });
    expect(reserved.status).toBe(201);
    const response = await api('/v1/webhooks', { body: { name: 'Made up', url: receiver.url('/ok/made-up'), events: ['release.partner.*', 'track.created'] } });
    expect(response.status).toBe(422);
    expect(response.body.error).toBe('Unknown event pattern(s): release.partner.*.');
    expect(response.body.errors).toEqual({ events: ['Unknown event pattern: release.partner.*'] });
  });
});
