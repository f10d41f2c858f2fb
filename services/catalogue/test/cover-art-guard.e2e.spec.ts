import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';
import { jpegOf } from './support/image-fixtures.ts';

/*
 * A platform configured as production is: outbound fetches refuse private addresses
 * (SV_ALLOW_PRIVATE_URLS=0). A cover_art_url pointing at a server on this machine is refused
 * with 422 on create and on update, and nothing is fetched, created or stored.
 */

let platform: TestPlatform;
let api: ReturnType<typeof apiClient>;
let imageServer: Server;
let coverUrl: string;
let requestsSeen = 0;

const filesIn = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);

beforeAll(async () => {
  const cover = await jpegOf(3000);
  imageServer = createServer((_req, res) => {
    requestsSeen += 1;
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(cover);
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  coverUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/cover.jpg`;

  platform = await startPlatform({ env: { SV_ALLOW_PRIVATE_URLS: '0' } });
  await platform.adminOk('tenant', 'create', '--slug', 'guarded', '--name', 'Guarded');
  const artist = await platform.adminOk('artist', 'create', '--tenant', 'guarded', '--name', 'Nova', '--slug', 'nova');
  const key = await platform.adminOk('key', 'create', '--tenant', 'guarded', '--role', 'artist', '--artist', String(artist.artist.uuid));
  api = apiClient(platform.baseUrl, String(key.key));
}, 180_000);

afterAll(async () => {
  await platform?.stop();
  await new Promise<void>((resolve) => imageServer?.close(() => resolve()));
});

const release = { title: 'Guarded', type: 'single', release_date: '2026-12-01', genre: 'Pop' };

describe('cover_art_url with the private-address guard on', () => {
  it('refuses a loopback URL on create: 422 on cover_art_url, no release, nothing fetched or stored', async () => {
    const response = await api('/v1/releases', { method: 'POST', body: { ...release, cover_art_url: coverUrl } });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ cover_art_url: [expect.any(String)] });
    expect(requestsSeen).toBe(0);
    expect((await api('/v1/releases')).body.total).toBe(0);
    expect(await filesIn(platform.env.SV_BLOB_DIR ?? '')).toEqual([]);
  });

  it('refuses it on update too, leaving the release as it was', async () => {
    const created = await api('/v1/releases', { method: 'POST', body: release });
    expect(created.status).toBe(201);
    const id = created.body.release.uuid as string;
    const response = await api(`/v1/releases/${id}`, { method: 'PATCH', body: { cover_art_url: coverUrl } });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ cover_art_url: [expect.any(String)] });
    expect(requestsSeen).toBe(0);
    const after = await api(`/v1/releases/${id}`);
    expect(after.body.release).toMatchObject({ artwork_url: null, updated_at: created.body.release.updated_at });
  });
});
