import { apiClient, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/*
 * GET /releases/{uuid}/dsps through the real gateway: the selection POST and PUT answer, to
 * whoever sees the release (the catalogue decides, as for every read of a release).
 */

type Api = ReturnType<typeof apiClient>;

let platform: TestPlatform;
let nova: Api; // tenant A, artist Nova
let lyra: Api; // tenant A, artist Lyra
let team: Api; // tenant A, team
let orion: Api; // tenant B, owner

const keyFor = async (tenant: string, role: string, artist?: string): Promise<Api> => {
  const extra = artist ? ['--artist', artist] : [];
  const key = await platform.adminOk('key', 'create', '--tenant', tenant, '--role', role, ...extra);
  return apiClient(platform.baseUrl, String(key.key));
};

const artistKey = async (tenant: string, slug: string): Promise<Api> => {
  const artist = await platform.adminOk('artist', 'create', '--tenant', tenant, '--name', slug, '--slug', slug);
  return keyFor(tenant, 'artist', String(artist.artist.uuid));
};

beforeAll(async () => {
  platform = await startPlatform({ supplyChain: true });
  await platform.adminOk('tenant', 'create', '--slug', 'sc-read-a', '--name', 'Label A');
  await platform.adminOk('tenant', 'create', '--slug', 'sc-read-b', '--name', 'Label B');
  [nova, lyra, team, orion] = await Promise.all([
    artistKey('sc-read-a', 'nova-read'),
    artistKey('sc-read-a', 'lyra-read'),
    keyFor('sc-read-a', 'team'),
    keyFor('sc-read-b', 'owner'),
  ]);
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 180_000);

const newRelease = async (api: Api): Promise<string> => {
  const response = await api<{ release: { uuid: string } }>('/v1/releases', {
    method: 'POST',
    body: { title: 'Stores', type: 'single', release_date: '2027-03-05', genre: 'Pop' },
  });
  if (response.status !== 201) throw new Error(`release create failed: ${response.status} ${response.text}`);
  return response.body.release.uuid;
};

const read = (api: Api, releaseId: string) => api(`/v1/releases/${releaseId}/dsps`);

const expectReleaseNotFound = (response: ApiResponse) => {
  expect(response.status).toBe(404);
  expect(response.body).toMatchObject({ success: false, error: 'Release not found.' });
};

describe('GET /releases/{uuid}/dsps', () => {
  it('answers the selection as POST, PUT and DELETE leave it, by DSP name', async () => {
    const releaseId = await newRelease(nova);
    expect(await read(nova, releaseId)).toMatchObject({ status: 200, body: { dsps: [] } });

    const added = await nova(`/v1/releases/${releaseId}/dsps`, { method: 'POST', body: { dsps: ['tidal', 'spotify'] } });
    expect(added.status).toBe(200);
    const afterAdd = await read(nova, releaseId);
    expect(afterAdd.status).toBe(200);
    expect(afterAdd.body).toEqual(added.body);
    expect(afterAdd.body).toEqual({
      dsps: [
        { dsp_id: 1, dsp_name: 'Spotify', slug: 'spotify', status: 'pending', is_blocked: false },
        { dsp_id: 8, dsp_name: 'TIDAL', slug: 'tidal', status: 'pending', is_blocked: false },
      ],
    });

    const replaced = await nova(`/v1/releases/${releaseId}/dsps`, { method: 'PUT', body: { dsps: ['deezer'] } });
    expect((await read(nova, releaseId)).body).toEqual(replaced.body);

    await nova(`/v1/releases/${releaseId}/dsps/deezer`, { method: 'DELETE' });
    expect((await read(nova, releaseId)).body).toEqual({ dsps: [] });
  });

  it('is answered to a team key of the tenant for any of its releases', async () => {
    const releaseId = await newRelease(nova);
    await nova(`/v1/releases/${releaseId}/dsps`, { method: 'POST', body: { dsps: ['spotify'] } });
    expect(await read(team, releaseId)).toMatchObject({ status: 200, body: { dsps: [expect.objectContaining({ slug: 'spotify' })] } });
  });

  it("answers 404 for another tenant's release, another artist's, and an unknown or malformed id", async () => {
    const releaseId = await newRelease(nova);
    await nova(`/v1/releases/${releaseId}/dsps`, { method: 'POST', body: { dsps: ['spotify'] } });
    expectReleaseNotFound(await read(orion, releaseId));
    expectReleaseNotFound(await read(lyra, releaseId));
    expectReleaseNotFound(await read(nova, '00000000-0000-4000-8000-000000000000'));
    expectReleaseNotFound(await read(nova, 'not-a-uuid'));
  });
});
