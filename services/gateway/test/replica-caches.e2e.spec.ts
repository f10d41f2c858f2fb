import pg from 'pg';
import { Messages } from '@sv/contracts';
import { sampleOf } from '@sv/platform';
import { answerWithin, apiRequest, scrapeServiceMetrics, startPlatform, type TestPlatform } from '@sv/testing';

/** The change must reach every replica this fast (the bar), measured from the command's end. */
const PROPAGATION_MS = 1_000;

let platform: TestPlatform;
let slugCounter = 0;

beforeAll(async () => {
  platform = await startPlatform({ gateways: 2, env: { SV_RATE_LIMIT_MULTIPLIER: '100' } });
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 120_000);

/**
 * Gateways cache API keys and their tenant's state; the operator's changes reach every replica
 * over NATS at once, not when a cache entry happens to expire.
 */
describe('cached credentials follow operator changes on every replica', () => {
  const newTenantWithKey = async (): Promise<{ slug: string; key: string }> => {
    const slug = `cache-${++slugCounter}`;
    expect((await platform.admin('tenant', 'create', '--slug', slug, '--name', slug)).code).toBe(0);
    const key = await platform.admin('key', 'create', '--tenant', slug, '--role', 'owner');
    expect(key.code).toBe(0);
    return { slug, key: key.json.key as string };
  };

  /** Both replicas have answered with the key, so both hold it in their cache. */
  const warm = async (key: string) => {
    for (const gateway of platform.gateways) {
      for (let i = 0; i < 3; i++) expect((await apiRequest(gateway.url, '/artists', { key })).status).toBe(200);
    }
  };

  /** What every replica answers the key once the promised time has passed since the change. */
  const answersAfterPropagation = async (key: string) => {
    await new Promise((resolve) => setTimeout(resolve, PROPAGATION_MS));
    return Promise.all(platform.gateways.map((gateway) => apiRequest(gateway.url, '/artists', { key })));
  };

  const expectEveryReplica = async (key: string, status: number) => {
    for (const response of await answersAfterPropagation(key)) expect(response.status).toBe(status);
  };

  it('a revoked key is refused by every replica within a second', async () => {
    const { key } = await newTenantWithKey();
    await warm(key);
    expect((await platform.admin('key', 'revoke', '--key', key)).code).toBe(0);
    for (const response of await answersAfterPropagation(key)) {
      expect(response.status).toBe(401);
      expect(response.body.error).toBe(Messages.apiKeyInvalid);
    }
  }, 60_000);

  it('a suspended tenant is refused within a second, and let back in within a second of unsuspension', async () => {
    const { slug, key } = await newTenantWithKey();
    await warm(key);
    expect((await platform.admin('tenant', 'suspend', '--slug', slug)).code).toBe(0);
    await expectEveryReplica(key, 401);
    expect((await platform.admin('tenant', 'unsuspend', '--slug', slug)).code).toBe(0);
    await expectEveryReplica(key, 200);
  }, 60_000);

  it('an overdue invoice locks the tenant (402) within a second, and paying it unlocks it', async () => {
    const { slug, key } = await newTenantWithKey();
    await warm(key);
    expect((await platform.admin('tenant', 'invoice', '--slug', slug, '--days-overdue', '8')).code).toBe(0);
    await expectEveryReplica(key, 402);
    expect((await platform.admin('tenant', 'invoice-paid', '--slug', slug)).code).toBe(0);
    await expectEveryReplica(key, 200);
  }, 60_000);

  it('an invoice still within its grace does not lock the tenant', async () => {
    const { slug, key } = await newTenantWithKey();
    await warm(key);
    expect((await platform.admin('tenant', 'invoice', '--slug', slug, '--days-overdue', '7')).code).toBe(0);
    await expectEveryReplica(key, 200);
  }, 60_000);
});

/**
 * Gateways keep the catalogue's answers to cached reads (GET artists and releases) per caller;
 * every committed change of the tenant's catalogue rows, whoever makes it, drops them on every
 * replica within a second, and a write through a replica drops them there before it answers.
 */
describe('cached catalogue reads follow every change on every replica', () => {
  const sql = async (text: string, values: unknown[] = []): Promise<void> => {
    const client = new pg.Client({ connectionString: platform.db.url });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  };

  const tenantWithArtist = async (): Promise<{ slug: string; key: string; artist: string }> => {
    const slug = `reads-${++slugCounter}`;
    expect((await platform.admin('tenant', 'create', '--slug', slug, '--name', slug)).code).toBe(0);
    const key = (await platform.adminOk('key', 'create', '--tenant', slug, '--role', 'owner')).key as string;
    const created = await apiRequest(platform.baseUrl, '/artists', { key, body: { name: 'First Name', slug: `artist-${slug}` } });
    expect(created.status).toBe(201);
    return { slug, key, artist: created.body.artist.uuid as string };
  };

  const nameOn = async (url: string, key: string, artist: string, headers: Record<string, string> = {}): Promise<string> => {
    const response = await apiRequest(url, `/artists/${artist}`, { key, headers });
    expect(response.status).toBe(200);
    return response.body.artist.name as string;
  };

  /** Both replicas have answered the read, so both hold it. */
  const warm = async (key: string, artist: string) => {
    for (const gateway of platform.gateways) for (let i = 0; i < 2; i++) expect(await nameOn(gateway.url, key, artist)).toBe('First Name');
  };

  it('a write through one replica is read back at once through it, and through the other within a second', async () => {
    const { key, artist } = await tenantWithArtist();
    await warm(key, artist);
    const [writer, other] = platform.gateways;
    expect((await apiRequest(writer!.url, `/artists/${artist}`, { key, method: 'PATCH', body: { name: 'Second Name' } })).status).toBe(200);
    expect(await nameOn(writer!.url, key, artist)).toBe('Second Name');
    const seen = await answerWithin(PROPAGATION_MS, () => apiRequest(other!.url, `/artists/${artist}`, { key }), (response) => response.body?.artist?.name === 'Second Name');
    expect(seen.body.artist.name).toBe('Second Name');
  }, 60_000);

  it('a change committed in the catalogue by anything else reaches every replica within a second', async () => {
    const { key, artist } = await tenantWithArtist();
    await warm(key, artist);
    await sql(`update "catalogue"."artist" set "name" = 'Changed Elsewhere' where "id" = $1`, [artist]);
    for (const gateway of platform.gateways) {
      const seen = await answerWithin(PROPAGATION_MS, () => apiRequest(gateway.url, `/artists/${artist}`, { key }), (response) => response.body?.artist?.name === 'Changed Elsewhere');
      expect(seen.body.artist.name).toBe('Changed Elsewhere');
    }
    const list = await apiRequest(platform.baseUrl, '/artists', { key });
    expect(list.body.artists.map((item: { name: string }) => item.name)).toEqual(['Changed Elsewhere']);
  }, 60_000);

  it('keeps an answer until a change is announced, and a client asking for a fresh one (Cache-Control: no-cache) gets it', async () => {
    const { key, artist } = await tenantWithArtist();
    await warm(key, artist);
    // With the triggers off for this session, the change announces nothing: what is kept shows.
    await sql(`begin; set local session_replication_role = replica; update "catalogue"."artist" set "name" = 'Unannounced' where "id" = $1; commit;`.replace('$1', `'${artist}'`));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reads = async () => {
      const exposition = await scrapeServiceMetrics(platform.gateways[0]!.process);
      const count = (result: string) => sampleOf(exposition, 'sv_gateway_cached_reads_total', { result }) ?? 0;
      return { hit: count('hit'), miss: count('miss'), fresh: count('fresh'), bytes: sampleOf(exposition, 'sv_gateway_response_cache_bytes') ?? 0 };
    };
    const before = await reads();
    expect(await nameOn(platform.baseUrl, key, artist)).toBe('First Name');
    expect(await nameOn(platform.baseUrl, key, artist, { 'Cache-Control': 'no-cache' })).toBe('Unannounced');
    // The fresh answer replaced the kept one.
    expect(await nameOn(platform.baseUrl, key, artist)).toBe('Unannounced');
    const after = await reads();
    expect({ hit: after.hit - before.hit, miss: after.miss - before.miss, fresh: after.fresh - before.fresh }).toEqual({ hit: 2, miss: 0, fresh: 1 });
    expect(after.bytes).toBeGreaterThan(0);
  }, 60_000);

  it("keeps answers per caller: one artist's key never receives the owner's answers about another's release", async () => {
    const { slug, key, artist } = await tenantWithArtist();
    const other = await apiRequest(platform.baseUrl, '/artists', { key, body: { name: 'Other Artist', slug: `other-${slug}` } });
    expect(other.status).toBe(201);
    const artistKey = async (artistId: string) => (await platform.adminOk('key', 'create', '--tenant', slug, '--role', 'artist', '--artist', artistId)).key as string;
    const [ownerOfRelease, outsider] = [await artistKey(artist), await artistKey(other.body.artist.uuid as string)];
    const release = await apiRequest(platform.baseUrl, '/releases', { key: ownerOfRelease, body: { title: 'Own Single', type: 'single', release_date: '2027-05-01', genre: 'Pop' } });
    expect(release.status).toBe(201);
    const path = `/releases/${release.body.release.uuid}`;
    for (let i = 0; i < 2; i++) {
      expect((await apiRequest(platform.baseUrl, '/releases', { key })).body.total).toBe(1);
      expect((await apiRequest(platform.baseUrl, path, { key })).status).toBe(200);
    }
    const list = await apiRequest(platform.baseUrl, '/releases', { key: outsider });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
    expect((await apiRequest(platform.baseUrl, path, { key: outsider })).status).toBe(404);
    expect((await apiRequest(platform.baseUrl, '/releases', { key: ownerOfRelease })).body.total).toBe(1);
  }, 60_000);
});
