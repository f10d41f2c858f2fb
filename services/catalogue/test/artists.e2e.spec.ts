import type { ApiResponse } from '@sv/testing';
import { expectError, expectValidation } from './support/api-expectations.ts';
import { suffix, useCatalogueWorld, type Api } from './support/catalogue-world.ts';
import { eventsOf as outboxEventsOf } from './support/outbox.ts';

/*
 * The spec's Artist resource and Artists endpoints, spoken to through the real gateway with API
 * keys issued by the operator command, the catalogue running as its own process.
 */

type Artist = Record<string, unknown> & { uuid: string; name: string; slug: string; updated_at: string; created_at: string };

const ARTIST_FIELDS = [
  'uuid',
  'name',
  'slug',
  'bio',
  'biography',
  'country',
  'status',
  'spotify_uri',
  'spotify_id',
  'apple_id',
  'spotify_url',
  'apple_url',
  'deezer_url',
  'soundcloud_url',
  'audiomack_url',
  'tiktok_url',
  'instagram_url',
  'twitter_url',
  'youtube_url',
  'store_url',
  'avatar_url',
  'banner_url',
  'created_at',
  'updated_at',
].sort();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const SPOTIFY_ID = '4Z8W4fKeB5YxbusRsdQVPb';

const world = useCatalogueWorld();
/** Owner keys of three tenants: A (most tests), B (isolation), L (lists, nothing else in it). */
let apiA: Api;
let apiB: Api;
let apiL: Api;

const ownerKeyOfNewTenant = async (slug: string): Promise<Api> => {
  await world.tenant(slug);
  return world.key(slug, 'owner');
};

beforeAll(async () => {
  [apiA, apiB, apiL] = await Promise.all([ownerKeyOfNewTenant('label-a'), ownerKeyOfNewTenant('label-b'), ownerKeyOfNewTenant('label-list')]);
}, 120_000);

const createArtist = async (api: Api, body: Record<string, unknown>): Promise<Artist> => {
  const response = await api<{ artist: Artist }>('/v1/artists', { method: 'POST', body });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body.artist;
};

const getArtist = (api: Api, uuid: string) => api<{ artist: Artist }>(`/v1/artists/${uuid}`);

/** Events the catalogue recorded for an artist (its outbox), by type. */
const eventsOf = async (artistId: string): Promise<string[]> =>
  (await outboxEventsOf(world.db, 'artist_id', artistId)).map((event) => event.type);

const expectArtistNotFound = (response: ApiResponse) => expectError(response, 404, 'Artist not found.');

describe('POST /artists', () => {
  it('creates an artist with every field and answers 201 {artist}', async () => {
    const slug = `full-${suffix()}`;
    const body = {
      name: 'Full Artist',
      slug,
      bio: 'Born somewhere, plays everything.',
      country: 'se',
      status: 'inactive',
      spotify_uri: `spotify:artist:${SPOTIFY_ID}`,
      spotify_id: SPOTIFY_ID,
      apple_id: '1234567890',
      spotify_url: `https://open.spotify.com/artist/${SPOTIFY_ID}`,
      apple_url: 'https://music.apple.com/artist/1234567890',
      deezer_url: 'https://www.deezer.com/artist/1',
      soundcloud_url: 'https://soundcloud.com/full',
      audiomack_url: 'https://audiomack.com/full',
      tiktok_url: 'https://www.tiktok.com/@full',
      instagram_url: 'https://www.instagram.com/full',
      twitter_url: 'https://twitter.com/full',
      youtube_url: 'https://www.youtube.com/@full',
      store_url: 'https://store.example.com/full',
    };
    const response = await apiA<{ artist: Artist }>('/v1/artists', { method: 'POST', body });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['artist']);
    const artist = response.body.artist;
    expect(Object.keys(artist).sort()).toEqual(ARTIST_FIELDS);
    expect(artist).toEqual({
      ...body,
      uuid: expect.stringMatching(UUID),
      country: 'SE',
      biography: body.bio,
      avatar_url: null,
      banner_url: null,
      created_at: expect.stringMatching(ISO_UTC),
      updated_at: expect.stringMatching(ISO_UTC),
    });

    const read = await getArtist(apiA, artist.uuid);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ artist });
  }, 30_000);

  it('defaults status to active and the optional fields to null', async () => {
    const artist = await createArtist(apiA, { name: 'Minimal', slug: `minimal-${suffix()}` });
    expect(artist.status).toBe('active');
    for (const field of ARTIST_FIELDS.filter((name) => !['uuid', 'name', 'slug', 'status', 'created_at', 'updated_at'].includes(name))) {
      expect([field, artist[field]]).toEqual([field, null]);
    }
    expect(artist.created_at).toBe(artist.updated_at);
  }, 30_000);

  it('requires name and slug (422 Validation failed, per field) and creates nothing', async () => {
    const before = await world.db.query(`select count(*)::int as "n" from "catalogue"."artist"`);
    expectValidation(await apiA('/v1/artists', { method: 'POST', body: {} }), {
      name: ['The name field is required.'],
      slug: ['The slug field is required.'],
    });
    expectValidation(await apiA('/v1/artists', { method: 'POST', body: { name: '   ', slug: '' } }), {
      name: ['The name field is required.'],
      slug: ['The slug field is required.', 'The slug may only contain lowercase letters, digits and hyphens.'],
    });
    expectValidation(await apiA('/v1/artists', { method: 'POST', body: { name: 5, slug: 'ok-slug' } }), ['name']);
    const after = await world.db.query(`select count(*)::int as "n" from "catalogue"."artist"`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  }, 30_000);

  it.each(['Bad Slug', 'UPPER', 'under_score', 'dots.in.it', 'émigré'])('refuses the slug %j (lowercase letters, digits, hyphens)', async (slug) => {
    expectValidation(await apiA('/v1/artists', { method: 'POST', body: { name: 'Slugged', slug } }), {
      slug: ['The slug may only contain lowercase letters, digits and hyphens.'],
    });
  }, 30_000);

  it('accepts a slug of lowercase letters, digits and hyphens', async () => {
    const slug = `a-1-b2-${suffix()}`;
    expect((await createArtist(apiA, { name: 'Slugged', slug })).slug).toBe(slug);
  }, 30_000);

  it.each([
    ['a country name', { country: 'Sweden' }, 'country'],
    ['a three-letter code', { country: 'SWE' }, 'country'],
    ['a short spotify_id', { spotify_id: 'abc' }, 'spotify_id'],
    ['a malformed spotify_uri', { spotify_uri: 'spotify:track:4Z8W4fKeB5YxbusRsdQVPb' }, 'spotify_uri'],
    ['a non-numeric apple_id', { apple_id: 'apple' }, 'apple_id'],
    ['a profile URL that is not http(s)', { instagram_url: 'ftp://example.com/x' }, 'instagram_url'],
    ['an unknown status', { status: 'retired' }, 'status'],
  ])('refuses %s with 422 on that field', async (_label, extra, field) => {
    const response = await apiA('/v1/artists', { method: 'POST', body: { name: 'Checked', slug: `checked-${suffix()}`, ...extra } });
    expectValidation(response, [field]);
  }, 30_000);

  it("'Artist slug already taken.' (409) within a tenant; the same slug is fine in another tenant and free again after deletion", async () => {
    const slug = `taken-${suffix()}`;
    const first = await createArtist(apiA, { name: 'First', slug });

    const clash = await apiA('/v1/artists', { method: 'POST', body: { name: 'Second', slug } });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ success: false, error: 'Artist slug already taken.' });

    const elsewhere = await createArtist(apiB, { name: 'Other label', slug });
    expect(elsewhere.slug).toBe(slug);

    expect((await apiA(`/v1/artists/${first.uuid}`, { method: 'DELETE' })).status).toBe(204);
    const again = await createArtist(apiA, { name: 'Second', slug });
    expect(again.uuid).not.toBe(first.uuid);
    expect(again.slug).toBe(slug);
  }, 30_000);

  it('gives exactly one of several concurrent creates with the same slug the slug; the others get 409', async () => {
    const slug = `race-${suffix()}`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, n) => apiA('/v1/artists', { method: 'POST', body: { name: `Racer ${n}`, slug } })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.status === 409)) {
      expect(response.body).toEqual({ success: false, error: 'Artist slug already taken.' });
    }
    const rows = await world.db.query(`select count(*)::int as "n" from "catalogue"."artist" where "slug" = $1`, [slug]);
    expect(rows.rows[0].n).toBe(1);
  }, 30_000);

  it.each(['XX', 'ZZ', 'AA'])('refuses %j, which is shaped like a country code but is not an ISO 3166-1 code', async (country) => {
    expectValidation(await apiA('/v1/artists', { method: 'POST', body: { name: 'Nowhere', slug: `nowhere-${suffix()}`, country } }), {
      country: ['The country must be an ISO 3166-1 alpha-2 code.'],
    });
  }, 30_000);

  it('accepts the legacy aliases and returns them under their current names', async () => {
    const artist = await createArtist(apiA, {
      name: 'Legacy',
      slug: `legacy-${suffix()}`,
      spotify_artist_id: SPOTIFY_ID,
      spotify_artist_uri: `spotify:artist:${SPOTIFY_ID}`,
      apple_artist_id: '987654',
    });
    expect(artist).toMatchObject({ spotify_id: SPOTIFY_ID, spotify_uri: `spotify:artist:${SPOTIFY_ID}`, apple_id: '987654' });
    expect(artist).not.toHaveProperty('spotify_artist_id');
    expect(artist).not.toHaveProperty('spotify_artist_uri');
    expect(artist).not.toHaveProperty('apple_artist_id');

    // A legacy alias is validated like its current name; the current name wins when both are sent.
    expectValidation(await apiA('/v1/artists', { method: 'POST', body: { name: 'Legacy', slug: `legacy-${suffix()}`, spotify_artist_id: 'short' } }), [
      'spotify_id',
    ]);
    const both = await createArtist(apiA, { name: 'Both', slug: `both-${suffix()}`, apple_id: '111', apple_artist_id: '222' });
    expect(both.apple_id).toBe('111');
  }, 30_000);

  it('returns bio as both bio and biography', async () => {
    const artist = await createArtist(apiA, { name: 'Storyteller', slug: `story-${suffix()}`, bio: 'A long story.' });
    expect(artist.bio).toBe('A long story.');
    expect(artist.biography).toBe('A long story.');
  }, 30_000);

  it('serves the unversioned path identically', async () => {
    const response = await apiA<{ artist: Artist }>('/artists', { method: 'POST', body: { name: 'Unversioned', slug: `unv-${suffix()}` } });
    expect(response.status).toBe(201);
    expect((await getArtist(apiA, response.body.artist.uuid)).body.artist.name).toBe('Unversioned');
  }, 30_000);
});

describe('GET /artists', () => {
  // Alphabetical ignoring case; two artists share a sort name, so the order among them is by uuid.
  const NAMES = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'Foxtrot', 'golf', 'Same', 'same'];
  let expected: Artist[];
  let deleted: Artist;

  beforeAll(async () => {
    const created: Artist[] = [];
    for (const name of NAMES) created.push(await createArtist(apiL, { name, slug: `${name.toLowerCase()}-${suffix()}` }));
    deleted = await createArtist(apiL, { name: 'Aardvark (deleted)', slug: `aardvark-${suffix()}` });
    const removed = await apiL(`/v1/artists/${deleted.uuid}`, { method: 'DELETE' });
    if (removed.status !== 204) throw new Error(`delete failed: ${removed.status}`);
    expected = [...created].sort((x, y) => {
      const byName = x.name.toLowerCase().localeCompare(y.name.toLowerCase());
      return byName !== 0 ? byName : x.uuid < y.uuid ? -1 : 1;
    });
  }, 180_000);

  it('answers {artists, total} in alphabetical order (case-insensitive), with offset meta and per_page 50 by default', async () => {
    const response = await apiL<{ artists: Artist[]; total: number; meta: Record<string, unknown> }>('/v1/artists');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(NAMES.length);
    expect(response.body.artists.map((artist) => artist.name)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo', 'Foxtrot', 'golf', ...expected.slice(7).map((a) => a.name)]);
    expect(response.body.artists.map((artist) => artist.uuid)).toEqual(expected.map((artist) => artist.uuid));
    expect(response.body.meta).toEqual({ mode: 'offset', total: NAMES.length, per_page: 50, current_page: 1, last_page: 1 });
    expect(Object.keys(response.body.artists[0] ?? {}).sort()).toEqual(ARTIST_FIELDS);
    expect(response.headers.get('link')).toBeNull();
  }, 30_000);

  it('pages by page and per_page, with last_page and a Link rel="next" while more pages exist', async () => {
    const second = await apiL<{ artists: Artist[]; total: number; meta: Record<string, unknown> }>('/v1/artists?per_page=4&page=2');
    expect(second.status).toBe(200);
    expect(second.body.artists.map((artist) => artist.uuid)).toEqual(expected.slice(4, 8).map((artist) => artist.uuid));
    expect(second.body.total).toBe(NAMES.length);
    expect(second.body.meta).toEqual({ mode: 'offset', total: NAMES.length, per_page: 4, current_page: 2, last_page: 3 });
    const link = second.headers.get('link') ?? '';
    expect(link).toMatch(/^<[^>]+>; rel="next"$/);
    const next = new URL(link.slice(1, link.indexOf('>')));
    expect(next.pathname).toBe('/v1/artists');
    expect(next.searchParams.get('page')).toBe('3');
    expect(next.searchParams.get('per_page')).toBe('4');

    const last = await apiL<{ artists: Artist[]; meta: Record<string, unknown> }>(`${next.pathname}${next.search}`);
    expect(last.body.artists.map((artist) => artist.uuid)).toEqual(expected.slice(8).map((artist) => artist.uuid));
    expect(last.body.meta).toMatchObject({ current_page: 3, last_page: 3 });
    expect(last.headers.get('link')).toBeNull();

    const beyond = await apiL<{ artists: Artist[]; meta: Record<string, unknown> }>('/v1/artists?per_page=4&page=9');
    expect(beyond.status).toBe(200);
    expect(beyond.body.artists).toEqual([]);
  }, 30_000);

  it('accepts per_page 1 to 100 and refuses 0 and 101 (and page 0) with 422', async () => {
    expect((await apiL('/v1/artists?per_page=1')).body.artists).toHaveLength(1);
    expect((await apiL('/v1/artists?per_page=100')).body.meta.per_page).toBe(100);
    expectValidation(await apiL('/v1/artists?per_page=0'), ['per_page']);
    expectValidation(await apiL('/v1/artists?per_page=101'), ['per_page']);
    expectValidation(await apiL('/v1/artists?per_page=many'), ['per_page']);
    expectValidation(await apiL('/v1/artists?page=0'), ['page']);
    expectValidation(await apiL('/v1/artists?cursor=&per_page=101'), ['per_page']);
  }, 30_000);

  it('walks every artist once, in order, in cursor mode, starting from an empty cursor', async () => {
    const seen: string[] = [];
    let path = '/v1/artists?per_page=2&cursor=';
    for (let pages = 0; pages < 20; pages++) {
      const response = await apiL<{ artists: Artist[]; total: number; meta: Record<string, any> }>(path);
      expect(response.status).toBe(200);
      const { meta } = response.body;
      expect(Object.keys(meta).sort()).toEqual(['has_more', 'mode', 'next_cursor', 'per_page']);
      expect(meta.mode).toBe('cursor');
      expect(meta.per_page).toBe(2);
      seen.push(...response.body.artists.map((artist) => artist.uuid));
      const link = response.headers.get('link');
      if (!meta.has_more) {
        expect(meta.next_cursor).toBeNull();
        expect(link).toBeNull();
        break;
      }
      expect(typeof meta.next_cursor).toBe('string');
      expect(response.body.artists).toHaveLength(2);
      expect(link).toMatch(/; rel="next"$/);
      const next = new URL((link ?? '').slice(1, (link ?? '').indexOf('>')));
      expect(next.searchParams.get('cursor')).toBe(meta.next_cursor);
      path = `/v1/artists?per_page=2&cursor=${encodeURIComponent(meta.next_cursor)}`;
    }
    expect(seen).toEqual(expected.map((artist) => artist.uuid));
    expect(seen).not.toContain(deleted.uuid);
  }, 180_000);

  it('walks across artists that share a sort name one row at a time, and mode=cursor starts a walk too', async () => {
    const seen: string[] = [];
    let path = '/v1/artists?per_page=1&mode=cursor';
    for (let pages = 0; pages < 20; pages++) {
      const response = await apiL<{ artists: Artist[]; meta: Record<string, any> }>(path);
      expect(response.body.meta.mode).toBe('cursor');
      seen.push(...response.body.artists.map((artist) => artist.uuid));
      if (!response.body.meta.has_more) break;
      path = `/v1/artists?per_page=1&cursor=${encodeURIComponent(response.body.meta.next_cursor)}`;
    }
    expect(seen).toEqual(expected.map((artist) => artist.uuid));
  }, 180_000);

  it('refuses a cursor it did not issue with 422 on the cursor field', async () => {
    expectValidation(await apiL('/v1/artists?cursor=not-a-cursor'), { cursor: ['The cursor is invalid.'] });
    const forged = Buffer.from(JSON.stringify(['alpha', 'not-a-uuid'])).toString('base64url');
    expectValidation(await apiL(`/v1/artists?cursor=${forged}`), { cursor: ['The cursor is invalid.'] });
  }, 30_000);

  it("lists only the caller's tenant", async () => {
    const other = await apiA<{ artists: Artist[]; total: number }>('/v1/artists?per_page=100');
    const ids = new Set(other.body.artists.map((artist) => artist.uuid));
    expect(expected.some((artist) => ids.has(artist.uuid))).toBe(false);
    expect(other.body.total).toBe(other.body.artists.length);
  }, 30_000);
});

describe('GET, PATCH, PUT and DELETE /artists/{uuid}', () => {
  it("answers 404 'Artist not found.' for an unknown uuid and for a path that is not a uuid", async () => {
    expectArtistNotFound(await apiA('/v1/artists/00000000-0000-4000-8000-000000000000'));
    expectArtistNotFound(await apiA('/v1/artists/not-a-uuid'));
    expectArtistNotFound(await apiA('/v1/artists/not-a-uuid', { method: 'PATCH', body: { name: 'x' } }));
    expectArtistNotFound(await apiA('/v1/artists/00000000-0000-4000-8000-000000000000', { method: 'DELETE' }));
  }, 30_000);

  it.each(['PATCH', 'PUT'])('%s changes only the supplied fields and bumps updated_at', async (method) => {
    const original = await createArtist(apiA, {
      name: 'Before',
      slug: `before-${suffix()}`,
      bio: 'Old bio.',
      country: 'GB',
      spotify_id: SPOTIFY_ID,
      youtube_url: 'https://www.youtube.com/@before',
    });
    const response = await apiA<{ artist: Artist }>(`/v1/artists/${original.uuid}`, {
      method,
      body: { name: 'After', bio: 'New bio.' },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['artist']);
    const updated = response.body.artist;
    expect(updated).toEqual({
      ...original,
      name: 'After',
      bio: 'New bio.',
      biography: 'New bio.',
      updated_at: expect.stringMatching(ISO_UTC),
    });
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThan(new Date(original.updated_at).getTime());
    expect((await getArtist(apiA, original.uuid)).body.artist).toEqual(updated);
  }, 30_000);

  it('clears a field set to null, changes the slug, and takes legacy aliases on update', async () => {
    const original = await createArtist(apiA, { name: 'Clearable', slug: `clear-${suffix()}`, country: 'DE', bio: 'x' });
    const slug = `cleared-${suffix()}`;
    const response = await apiA<{ artist: Artist }>(`/v1/artists/${original.uuid}`, {
      method: 'PATCH',
      body: { country: null, slug, spotify_artist_id: SPOTIFY_ID, apple_artist_id: 42 },
    });
    expect(response.status).toBe(200);
    expect(response.body.artist).toMatchObject({ country: null, slug, bio: 'x', spotify_id: SPOTIFY_ID, apple_id: '42' });
    // The old slug is free again.
    await createArtist(apiA, { name: 'Takes the old slug', slug: original.slug });
  }, 30_000);

  it('refuses a bad country with 422 and a body failing validation changes nothing (no update, no event)', async () => {
    const original = await createArtist(apiA, { name: 'Stable', slug: `stable-${suffix()}`, country: 'FR' });
    expect(await eventsOf(original.uuid)).toEqual(['artist.created']);

    for (const body of [{ country: 'France' }, { name: 'Renamed', country: 'France' }, { name: '' }, { slug: 'Not A Slug' }, { status: 'gone' }]) {
      const response = await apiA(`/v1/artists/${original.uuid}`, { method: 'PATCH', body });
      expect(response.status).toBe(422);
      expect(response.body.success).toBe(false);
      expect(response.body.error).toBe('Validation failed');
    }
    expectValidation(await apiA(`/v1/artists/${original.uuid}`, { method: 'PUT', body: { country: 'France' } }), {
      country: ['The country must be an ISO 3166-1 alpha-2 code.'],
    });

    expect((await getArtist(apiA, original.uuid)).body.artist).toEqual(original);
    expect(await eventsOf(original.uuid)).toEqual(['artist.created']);
  }, 30_000);

  it("refuses an update to another artist's slug with 409 and changes nothing", async () => {
    const one = await createArtist(apiA, { name: 'One', slug: `one-${suffix()}` });
    const two = await createArtist(apiA, { name: 'Two', slug: `two-${suffix()}` });
    const clash = await apiA(`/v1/artists/${two.uuid}`, { method: 'PATCH', body: { name: 'Two renamed', slug: one.slug } });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ success: false, error: 'Artist slug already taken.' });
    expect((await getArtist(apiA, two.uuid)).body.artist).toEqual(two);
    expect(await eventsOf(two.uuid)).toEqual(['artist.created']);

    // Its own slug is not a clash.
    const same = await apiA<{ artist: Artist }>(`/v1/artists/${two.uuid}`, { method: 'PATCH', body: { slug: two.slug, name: 'Two again' } });
    expect(same.status).toBe(200);
    expect(same.body.artist.name).toBe('Two again');
  }, 30_000);

  it('DELETE answers 204, then the artist is 404 and gone from the list, but the row is kept (soft delete)', async () => {
    const artist = await createArtist(apiA, { name: 'Leaving', slug: `leaving-${suffix()}` });
    const removed = await apiA(`/v1/artists/${artist.uuid}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');

    expectArtistNotFound(await getArtist(apiA, artist.uuid));
    expectArtistNotFound(await apiA(`/v1/artists/${artist.uuid}`, { method: 'PATCH', body: { name: 'Back' } }));
    expectArtistNotFound(await apiA(`/v1/artists/${artist.uuid}`, { method: 'DELETE' }));
    const list = await apiA<{ artists: Artist[] }>('/v1/artists?per_page=100');
    expect(list.body.artists.map((entry) => entry.uuid)).not.toContain(artist.uuid);

    const row = await world.db.query(`select "name", "deleted_at" from "catalogue"."artist" where "id" = $1`, [artist.uuid]);
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0].name).toBe('Leaving');
    expect(row.rows[0].deleted_at).toBeInstanceOf(Date);
    expect(await eventsOf(artist.uuid)).toEqual(['artist.created', 'artist.deleted']);
  }, 30_000);

  it("treats another tenant's artist as 404 for GET, PATCH, PUT and DELETE, and leaves it unchanged", async () => {
    const artist = await createArtist(apiA, { name: 'Private', slug: `private-${suffix()}` });
    expectArtistNotFound(await getArtist(apiB, artist.uuid));
    expectArtistNotFound(await apiB(`/v1/artists/${artist.uuid}`, { method: 'PATCH', body: { name: 'Stolen' } }));
    expectArtistNotFound(await apiB(`/v1/artists/${artist.uuid}`, { method: 'PUT', body: { name: 'Stolen' } }));
    expectArtistNotFound(await apiB(`/v1/artists/${artist.uuid}`, { method: 'DELETE' }));

    expect((await getArtist(apiA, artist.uuid)).body.artist).toEqual(artist);
    expect(await eventsOf(artist.uuid)).toEqual(['artist.created']);
  }, 30_000);
});
