import { Messages } from '@sv/contracts';
import { apiRequest, startPlatform, type TestPlatform } from '@sv/testing';

/** Artist writes follow the permission table ('artists.manage'); reads are open to every role. */
describe('artist permissions', () => {
  let platform: TestPlatform;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    platform = await startPlatform();
    expect((await platform.admin('tenant', 'create', '--slug', 'perm', '--name', 'Perm')).code).toBe(0);
    for (const role of ['owner', 'team', 'artist', 'collaborator']) {
      keys[role] = (await platform.admin('key', 'create', '--tenant', 'perm', '--role', role)).json.key;
    }
  }, 120_000);
  afterAll(() => platform?.stop());

  it.each(['artist', 'collaborator'])('a %s key may read artists but not create, change or delete them', async (role) => {
    const created = await apiRequest(platform.baseUrl, '/artists', { key: keys.owner, body: { name: `By owner ${role}`, slug: `by-owner-${role}` } });
    expect(created.status).toBe(201);
    const uuid = created.body.artist.uuid as string;
    const key = keys[role];

    expect((await apiRequest(platform.baseUrl, '/artists', { key })).status).toBe(200);
    expect((await apiRequest(platform.baseUrl, `/artists/${uuid}`, { key })).status).toBe(200);
    for (const attempt of [
      apiRequest(platform.baseUrl, '/artists', { key, body: { name: 'Nope', slug: `nope-${role}` } }),
      apiRequest(platform.baseUrl, `/artists/${uuid}`, { key, method: 'PATCH', body: { name: 'Renamed' } }),
      apiRequest(platform.baseUrl, `/artists/${uuid}`, { key, method: 'DELETE' }),
    ]) {
      const response = await attempt;
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, error: Messages.forbidden });
    }
    const after = await apiRequest(platform.baseUrl, `/artists/${uuid}`, { key: keys.owner });
    expect(after.body.artist.name).toBe(`By owner ${role}`);
  }, 30_000);

  it('owner and team keys manage artists', async () => {
    for (const role of ['owner', 'team']) {
      const response = await apiRequest(platform.baseUrl, '/artists', { key: keys[role], body: { name: `Made by ${role}`, slug: `made-by-${role}` } });
      expect(response.status).toBe(201);
    }
  }, 30_000);
});
