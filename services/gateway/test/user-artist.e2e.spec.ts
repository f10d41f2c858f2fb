import { randomUUID } from 'node:crypto';
import { Messages } from '@sv/contracts';
import { apiClient, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

/*
 * A user's artist_id must name an artist of the caller's own tenant: the gateway asks the
 * catalogue, and another tenant's artist reads as an unknown one (404 `Artist not found.`).
 */

const PASSWORD = 'a long enough password';

const expectArtistNotFound = (response: ApiResponse) => {
  expect({ status: response.status, body: response.body }).toEqual({ status: 404, body: { success: false, error: Messages.artistNotFound } });
};

describe('users and the artist they act for', () => {
  let platform: TestPlatform;
  let owner: ReturnType<typeof apiClient>;
  let ownArtist: string;
  let foreignArtist: string;

  const artist = async (tenant: string): Promise<string> =>
    String((await platform.adminOk('artist', 'create', '--tenant', tenant, '--name', `Artist of ${tenant}`, '--slug', `artist-${tenant}`)).artist.uuid);

  beforeAll(async () => {
    platform = await startPlatform();
    await Promise.all(['ua-alpha', 'ua-beta'].map((slug) => platform.adminOk('tenant', 'create', '--slug', slug, '--name', slug)));
    [ownArtist, foreignArtist] = await Promise.all([artist('ua-alpha'), artist('ua-beta')]);
    owner = apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', 'ua-alpha', '--role', 'owner')).key));
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  const emailsOfUsers = async (): Promise<string[]> => (await owner('/users?per_page=100')).body.data.map((user: { email: string }) => user.email);

  it("POST /users with another tenant's artist, or an unknown one, is 404 and creates nothing", async () => {
    expectArtistNotFound(await owner('/users', { body: { email: 'foreign@ua.example', password: PASSWORD, role: 'artist', artist_id: foreignArtist } }));
    expectArtistNotFound(await owner('/users', { body: { email: 'unknown@ua.example', password: PASSWORD, role: 'artist', artist_id: randomUUID() } }));
    const emails = await emailsOfUsers();
    expect(emails).not.toContain('foreign@ua.example');
    expect(emails).not.toContain('unknown@ua.example');
  });

  it("POST /users with the tenant's own artist is 201", async () => {
    const created = await owner('/users', { body: { email: 'own@ua.example', password: PASSWORD, role: 'artist', artist_id: ownArtist } });
    expect([created.status, created.body.data?.artist_id]).toEqual([201, ownArtist]);
  });

  it("PATCH /users/{uuid} to another tenant's artist is 404 and leaves the user unchanged", async () => {
    const user = (await owner('/users', { body: { email: 'patched@ua.example', password: PASSWORD, role: 'artist', artist_id: ownArtist } })).body.data;
    expectArtistNotFound(await owner(`/users/${user.uuid}`, { method: 'PATCH', body: { artist_id: foreignArtist } }));
    expect((await owner(`/users/${user.uuid}`)).body.data.artist_id).toBe(ownArtist);
  });
});
