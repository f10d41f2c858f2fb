import { Messages } from '@sv/contracts';
import { apiRequest, startPlatform, type TestPlatform } from '@sv/testing';

/*
 * Artist writes follow the permission table ('artists.manage'). Reads follow the release scope:
 * the tenant's staff and roster keys read the whole roster; an artist or collaborator key reads
 * its own artist only, and another artist of its tenant is 404 (docs/decisions.md, "Artist reads").
 */
describe('artist permissions', () => {
  let platform: TestPlatform;
  const keys: Record<string, string> = {};
  const artists: Record<'own' | 'other', string> = { own: '', other: '' };

  const list = async (key: string) => {
    const response = await apiRequest(platform.baseUrl, '/artists', { key });
    expect(response.status).toBe(200);
    return { uuids: (response.body.artists as { uuid: string }[]).map((artist) => artist.uuid).sort(), total: response.body.total as number };
  };

  beforeAll(async () => {
    platform = await startPlatform();
    await platform.adminOk('tenant', 'create', '--slug', 'perm', '--name', 'Perm');
    artists.own = (await platform.adminOk('artist', 'create', '--tenant', 'perm', '--name', 'Own Artist', '--slug', 'own-artist')).artist.uuid;
    artists.other = (await platform.adminOk('artist', 'create', '--tenant', 'perm', '--name', 'Unannounced Signing', '--slug', 'unannounced')).artist.uuid;
    for (const role of ['owner', 'team']) keys[role] = (await platform.adminOk('key', 'create', '--tenant', 'perm', '--role', role)).key;
    for (const role of ['artist', 'collaborator']) {
      keys[role] = (await platform.adminOk('key', 'create', '--tenant', 'perm', '--role', role, '--artist', artists.own)).key;
      keys[`${role}-unbound`] = (await platform.adminOk('key', 'create', '--tenant', 'perm', '--role', role)).key;
      keys[`${role}-roster`] = (await platform.adminOk('key', 'create', '--tenant', 'perm', '--role', role, '--artist', artists.own, '--roster')).key;
    }
  }, 120_000);
  afterAll(() => platform?.stop());

  it.each(['artist', 'collaborator'])('a %s key reads its own artist only: another artist of the tenant is not found', async (role) => {
    const key = keys[role]!;
    expect(await list(key)).toEqual({ uuids: [artists.own], total: 1 });
    const own = await apiRequest(platform.baseUrl, `/artists/${artists.own}`, { key });
    expect(own.status).toBe(200);
    expect(own.body.artist).toMatchObject({ uuid: artists.own, name: 'Own Artist' });
    const other = await apiRequest(platform.baseUrl, `/artists/${artists.other}`, { key });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, error: Messages.artistNotFound });
  }, 30_000);

  it.each(['artist', 'collaborator'])('a %s key bound to no artist reads no artist', async (role) => {
    const key = keys[`${role}-unbound`]!;
    expect(await list(key)).toEqual({ uuids: [], total: 0 });
    expect((await apiRequest(platform.baseUrl, `/artists/${artists.own}`, { key })).status).toBe(404);
  }, 30_000);

  it.each(['owner', 'team', 'artist-roster', 'collaborator-roster'])('a %s key reads the whole roster', async (name) => {
    const key = keys[name]!;
    expect(await list(key)).toMatchObject({ uuids: expect.arrayContaining([artists.own, artists.other]) });
    expect((await apiRequest(platform.baseUrl, `/artists/${artists.other}`, { key })).status).toBe(200);
  }, 30_000);

  it.each(['artist', 'collaborator'])('a %s key may not create, change or delete artists, its own included', async (role) => {
    const key = keys[role]!;
    for (const attempt of [
      apiRequest(platform.baseUrl, '/artists', { key, body: { name: 'Nope', slug: `nope-${role}` } }),
      apiRequest(platform.baseUrl, `/artists/${artists.own}`, { key, method: 'PATCH', body: { name: 'Renamed' } }),
      apiRequest(platform.baseUrl, `/artists/${artists.other}`, { key, method: 'DELETE' }),
    ]) {
      const response = await attempt;
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, error: Messages.forbidden });
    }
    const after = await apiRequest(platform.baseUrl, `/artists/${artists.own}`, { key: keys.owner! });
    expect(after.body.artist.name).toBe('Own Artist');
    expect((await apiRequest(platform.baseUrl, `/artists/${artists.other}`, { key: keys.owner! })).status).toBe(200);
  }, 30_000);

  it('owner and team keys manage artists', async () => {
    for (const role of ['owner', 'team']) {
      const response = await apiRequest(platform.baseUrl, '/artists', { key: keys[role]!, body: { name: `Made by ${role}`, slug: `made-by-${role}` } });
      expect(response.status).toBe(201);
    }
  }, 30_000);
});
