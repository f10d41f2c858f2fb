import { randomUUID } from 'node:crypto';
import { Messages } from '@sv/contracts';
import { apiClient, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';

const REPLAY = 'x-service-idempotent-replay';

type Api = ReturnType<typeof apiClient>;

const newKey = (): string => `idem-${randomUUID()}`;
let slugCounter = 0;
const newSlug = (label: string): string => `${label}-${++slugCounter}-${randomUUID().slice(0, 8)}`;

const expectReplayOf = (replay: ApiResponse, original: ApiResponse) => {
  expect(replay.status).toBe(original.status);
  expect(replay.body).toEqual(original.body);
  expect(replay.headers.get(REPLAY)).toBe('true');
};

describe('Idempotency-Key', () => {
  let platform: TestPlatform;
  let acme: Api;
  let globex: Api;

  beforeAll(async () => {
    platform = await startPlatform();
    const tenants = await Promise.all([
      platform.admin('tenant', 'create', '--slug', 'acme', '--name', 'Acme'),
      platform.admin('tenant', 'create', '--slug', 'globex', '--name', 'Globex'),
    ]);
    for (const tenant of tenants) expect(tenant.code).toBe(0);
    const [acmeKey, globexKey] = await Promise.all([
      platform.admin('key', 'create', '--tenant', 'acme', '--role', 'owner'),
      platform.admin('key', 'create', '--tenant', 'globex', '--role', 'owner'),
    ]);
    expect(acmeKey?.code).toBe(0);
    expect(globexKey?.code).toBe(0);
    acme = apiClient(platform.baseUrl, acmeKey?.json.key);
    globex = apiClient(platform.baseUrl, globexKey?.json.key);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  /** How many live artists of the caller's tenant have this slug. */
  const countBySlug = async (api: Api, slug: string): Promise<number> => {
    const list = await api('/artists?per_page=100');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeLessThanOrEqual(100);
    return (list.body.artists as { slug: string }[]).filter((artist) => artist.slug === slug).length;
  };

  const totalArtists = async (api: Api): Promise<number> => {
    const list = await api('/artists');
    expect(list.status).toBe(200);
    return list.body.total as number;
  };

  const post = (api: Api, path: string, key: string, body: unknown) =>
    api(path, { method: 'POST', body, headers: { 'idempotency-key': key } });

  it('replays the stored response of a repeated POST and runs the operation once', async () => {
    const key = newKey();
    const slug = newSlug('replay');
    const body = { name: 'Replay Artist', slug, country: 'GB' };
    const before = await totalArtists(acme);

    const first = await post(acme, '/artists', key, body);
    expect(first.status).toBe(201);
    expect(first.body.artist).toEqual(expect.objectContaining({ name: 'Replay Artist', slug, country: 'GB' }));
    expect(first.headers.get(REPLAY)).toBeNull();

    const second = await post(acme, '/artists', key, body);
    expectReplayOf(second, first);
    const third = await post(acme, '/artists', key, body);
    expectReplayOf(third, first);

    expect(await totalArtists(acme)).toBe(before + 1);
    expect(await countBySlug(acme, slug)).toBe(1);
  });

  it('refuses the same key with a different body (422) and changes nothing', async () => {
    const key = newKey();
    const slug = newSlug('mismatch');
    const first = await post(acme, '/artists', key, { name: 'First', slug });
    expect(first.status).toBe(201);

    const otherSlug = newSlug('mismatch-other');
    const second = await post(acme, '/artists', key, { name: 'Second', slug: otherSlug });
    expect(second.status).toBe(422);
    expect(second.body).toEqual(expect.objectContaining({ success: false, error: Messages.idempotencyBodyMismatch }));
    expect(second.body.error).toBe('Idempotency-Key reused with a different request body.');
    expect(second.headers.get(REPLAY)).toBeNull();
    expect(await countBySlug(acme, otherSlug)).toBe(0);

    // The same key on another path is a different request too.
    const elsewhere = await acme(`/artists/${first.body.artist.uuid}`, {
      method: 'PATCH',
      body: { name: 'First', slug },
      headers: { 'idempotency-key': key },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.error).toBe(Messages.idempotencyBodyMismatch);

    // The original request still replays.
    expectReplayOf(await post(acme, '/artists', key, { name: 'First', slug }), first);
    expect(await countBySlug(acme, slug)).toBe(1);
  });

  it('accepts a key of 255 characters and refuses one of 256 with 400', async () => {
    const tooLong = 'k'.repeat(256);
    const slug = newSlug('long');
    const refused = await post(acme, '/artists', tooLong, { name: 'Long', slug });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(expect.objectContaining({ success: false, error: Messages.idempotencyKeyTooLong }));
    expect(refused.body.error).toBe('Idempotency-Key must be <=255 chars.');
    expect(await countBySlug(acme, slug)).toBe(0);

    const longest = `${randomUUID()}${'k'.repeat(255 - 36)}`;
    expect(longest).toHaveLength(255);
    const first = await post(acme, '/artists', longest, { name: 'Long', slug });
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAY)).toBeNull();
    expectReplayOf(await post(acme, '/artists', longest, { name: 'Long', slug }), first);
    expect(await countBySlug(acme, slug)).toBe(1);
  });

  it('shares keys between /v1 and unversioned paths', async () => {
    const key = newKey();
    const slug = newSlug('versions');
    const body = { name: 'Versioned', slug };
    const first = await post(acme, '/v1/artists', key, body);
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAY)).toBeNull();

    expectReplayOf(await post(acme, '/artists', key, body), first);
    expectReplayOf(await post(acme, '/v1/artists', key, body), first);
    expect(await countBySlug(acme, slug)).toBe(1);
  });

  it('treats bodies that differ only in key order as the same request', async () => {
    const key = newKey();
    const slug = newSlug('order');
    const first = await post(acme, '/artists', key, { name: 'Order', slug, country: 'FR', bio: 'b' });
    expect(first.status).toBe(201);

    // The raw text differs, so send it as written rather than through JSON.stringify of one object.
    const reordered = await acme('/artists', {
      method: 'POST',
      raw: `{"bio":"b","country":"FR","slug":"${slug}","name":"Order"}`,
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
    });
    expectReplayOf(reordered, first);
    expect(await countBySlug(acme, slug)).toBe(1);
  });

  it('scopes keys per tenant: another tenant may use the same key independently', async () => {
    const key = newKey();
    const slug = newSlug('tenant');
    const body = { name: 'Tenant Artist', slug };

    const mine = await post(acme, '/artists', key, body);
    expect(mine.status).toBe(201);
    const theirs = await post(globex, '/artists', key, body);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get(REPLAY)).toBeNull();
    expect(theirs.body.artist.uuid).not.toBe(mine.body.artist.uuid);

    // A different body under the same key is fine in the other tenant too.
    const otherKey = newKey();
    expect((await post(acme, '/artists', otherKey, { name: 'A', slug: newSlug('t-a') })).status).toBe(201);
    const differentBody = await post(globex, '/artists', otherKey, { name: 'B', slug: newSlug('t-b') });
    expect(differentBody.status).toBe(201);
    expect(differentBody.headers.get(REPLAY)).toBeNull();

    // Each tenant replays its own stored response.
    expectReplayOf(await post(acme, '/artists', key, body), mine);
    expectReplayOf(await post(globex, '/artists', key, body), theirs);
    expect(await countBySlug(acme, slug)).toBe(1);
    expect(await countBySlug(globex, slug)).toBe(1);
  });

  it('is ignored on GET', async () => {
    const key = newKey();
    const before = await acme('/artists?per_page=100', { headers: { 'idempotency-key': key } });
    expect(before.status).toBe(200);
    expect(before.headers.get(REPLAY)).toBeNull();

    const slug = newSlug('get');
    expect((await acme('/artists', { method: 'POST', body: { name: 'Get', slug } })).status).toBe(201);

    const after = await acme('/artists?per_page=100', { headers: { 'idempotency-key': key } });
    expect(after.status).toBe(200);
    expect(after.headers.get(REPLAY)).toBeNull();
    expect(after.body.total).toBe(before.body.total + 1);

    // A key of any length is not even looked at on GET.
    const long = await acme('/artists', { headers: { 'idempotency-key': 'g'.repeat(300) } });
    expect(long.status).toBe(200);
  });

  it('is ignored on DELETE', async () => {
    const a = await acme('/artists', { method: 'POST', body: { name: 'Del A', slug: newSlug('del-a') } });
    const b = await acme('/artists', { method: 'POST', body: { name: 'Del B', slug: newSlug('del-b') } });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const key = newKey();
    const first = await acme(`/artists/${a.body.artist.uuid}`, { method: 'DELETE', headers: { 'idempotency-key': key } });
    expect(first.status).toBe(204);
    const second = await acme(`/artists/${b.body.artist.uuid}`, { method: 'DELETE', headers: { 'idempotency-key': key } });
    expect(second.status).toBe(204);
    expect(second.headers.get(REPLAY)).toBeNull();
    const again = await acme(`/artists/${a.body.artist.uuid}`, { method: 'DELETE', headers: { 'idempotency-key': key } });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(Messages.artistNotFound);
  });

  it('replays a PATCH without applying it again', async () => {
    const created = await acme('/artists', { method: 'POST', body: { name: 'Patch', slug: newSlug('patch') } });
    expect(created.status).toBe(201);
    const uuid = created.body.artist.uuid as string;
    const key = newKey();

    const first = await acme(`/artists/${uuid}`, { method: 'PATCH', body: { bio: 'one' }, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(first.body.artist.bio).toBe('one');

    // Someone else changes the artist in between; the replay must not overwrite it.
    const other = await acme(`/artists/${uuid}`, { method: 'PATCH', body: { bio: 'two' } });
    expect(other.status).toBe(200);

    const replay = await acme(`/v1/artists/${uuid}`, { method: 'PATCH', body: { bio: 'one' }, headers: { 'idempotency-key': key } });
    expectReplayOf(replay, first);
    const current = await acme(`/artists/${uuid}`);
    expect(current.body.artist.bio).toBe('two');
  });

  it('claims no key for a body refused by the gateway before the service: the same key then runs a valid body', async () => {
    const key = newKey();
    const first = await post(acme, '/artists', key, { name: '', slug: 'Not A Slug' });
    expect(first.status).toBe(422);
    expect(first.body).toEqual(expect.objectContaining({ success: false, error: Messages.validationFailed }));
    expect(first.body.errors).toEqual(expect.objectContaining({ name: expect.any(Array), slug: expect.any(Array) }));
    expect(first.headers.get(REPLAY)).toBeNull();
    const again = await post(acme, '/artists', key, { name: '', slug: 'Not A Slug' });
    expect(again.status).toBe(422);
    expect(again.headers.get(REPLAY)).toBeNull();

    const slug = newSlug('after-422');
    const created = await post(acme, '/artists', key, { name: 'After 422', slug });
    expect(created.status).toBe(201);
    expect(created.headers.get(REPLAY)).toBeNull();
    expectReplayOf(await post(acme, '/artists', key, { name: 'After 422', slug }), created);
    expect(await countBySlug(acme, slug)).toBe(1);
  });

  it('runs 8 simultaneous requests with one key once; the others replay its response', async () => {
    const key = newKey();
    const slug = newSlug('concurrent');
    const body = { name: 'Concurrent', slug };
    const before = await totalArtists(acme);

    const responses = await Promise.all(Array.from({ length: 8 }, () => post(acme, '/artists', key, body)));

    for (const response of responses) {
      expect(response.status).toBe(201);
      expect(response.body).toEqual(responses[0]?.body);
    }
    const replays = responses.filter((response) => response.headers.get(REPLAY) === 'true');
    // The one request that ran is the original; every other one is a replay of it.
    expect(replays).toHaveLength(7);
    expect(await countBySlug(acme, slug)).toBe(1);
    expect(await totalArtists(acme)).toBe(before + 1);
  });

  it('does not keep a key whose request failed because the service was down', async () => {
    const key = newKey();
    const slug = newSlug('outage');
    const body = { name: 'Outage', slug };

    await platform.catalogue?.stop();
    try {
      const down = await post(acme, '/artists', key, body);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ success: false, error: Messages.serviceUnavailable });
      expect(down.headers.get(REPLAY)).toBeNull();
      // Still not stored: a retry while the service is down is another 503, not a replay.
      const stillDown = await post(acme, '/artists', key, body);
      expect(stillDown.status).toBe(503);
      expect(stillDown.headers.get(REPLAY)).toBeNull();
    } finally {
      await platform.startCatalogue();
    }

    const retried = await post(acme, '/artists', key, body);
    expect(retried.status).toBe(201);
    expect(retried.headers.get(REPLAY)).toBeNull();
    expect(retried.body.artist.slug).toBe(slug);
    expectReplayOf(await post(acme, '/artists', key, body), retried);
    expect(await countBySlug(acme, slug)).toBe(1);
  });
});
