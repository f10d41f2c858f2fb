import type { NatsConnection } from '@nats-io/transport-node';
import { SupplyChainOperation, apiSubject, type Principal } from '@sv/contracts';
import { callService } from '@sv/platform';
import { connectTestNats, apiClient, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';
import pg from 'pg';

/*
 * A release's store selection through the real gateway: the catalogue (which owns releases and
 * answers supply-chain's visibility lookup) and supply-chain run as their own processes.
 */

type Api = ReturnType<typeof apiClient>;
interface Store {
  dsp_id: number;
  dsp_name: string;
  slug: string;
  status: string;
  is_blocked: boolean;
}
interface Tenant {
  uuid: string;
  slug: string;
}
interface ArtistKey {
  api: Api;
  principal: Principal;
}

const store = (dsp_id: number, dsp_name: string, slug: string): Store => ({ dsp_id, dsp_name, slug, status: 'pending', is_blocked: false });
const SPOTIFY = store(1, 'Spotify', 'spotify');
const AMAZON = store(4, 'Amazon Music', 'amazon_music');
const DEEZER = store(7, 'Deezer', 'deezer');
const TIDAL = store(8, 'TIDAL', 'tidal');
const AUDIOMACK = store(11, 'Audiomack', 'audiomack');
const SEVEN_DIGITAL = store(30, '7digital', '7digital');

let platform: TestPlatform;
let nc: NatsConnection;
let db: pg.Client;
let nova: ArtistKey; // tenant A, artist Nova
let lyra: ArtistKey; // tenant A, artist Lyra
let orion: ArtistKey; // tenant B
let teamA: Api;

const newTenant = async (slug: string): Promise<Tenant> => {
  const created = await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Label ${slug}`);
  return { uuid: String(created.tenant.uuid), slug };
};

/** An artist of the tenant and an artist key acting for it. */
const newArtistKey = async (tenant: Tenant, slug: string): Promise<ArtistKey> => {
  const artist = await platform.adminOk('artist', 'create', '--tenant', tenant.slug, '--name', slug, '--slug', slug);
  const artistId = String(artist.artist.uuid);
  const key = await platform.adminOk('key', 'create', '--tenant', tenant.slug, '--role', 'artist', '--artist', artistId);
  return {
    api: apiClient(platform.baseUrl, String(key.key)),
    principal: {
      tenant_id: tenant.uuid,
      tenant_slug: tenant.slug,
      role: 'artist',
      actor: { type: 'api_key', id: String(key.api_key.uuid) },
      artist_id: artistId,
      roster: false,
    },
  };
};

beforeAll(async () => {
  platform = await startPlatform({ supplyChain: true });
  const [a, b] = await Promise.all([newTenant('sc-rel-a'), newTenant('sc-rel-b')]);
  [nova, lyra, orion] = await Promise.all([newArtistKey(a, 'nova'), newArtistKey(a, 'lyra'), newArtistKey(b, 'orion')]);
  teamA = apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', a.slug, '--role', 'team')).key));
  nc = await connectTestNats();
  db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await platform?.stop();
  await nc?.close();
}, 180_000);

let releaseCount = 0;
const newRelease = async (api: Api): Promise<string> => {
  releaseCount += 1;
  const response = await api<{ release: { uuid: string } }>('/v1/releases', {
    method: 'POST',
    body: { title: `Release ${releaseCount}`, type: 'single', release_date: '2027-03-05', genre: 'Pop' },
  });
  if (response.status !== 201) throw new Error(`release create failed: ${response.status} ${response.text}`);
  return response.body.release.uuid;
};

const post = (api: Api, releaseId: string, body: unknown) => api(`/v1/releases/${releaseId}/dsps`, { method: 'POST', body });
const put = (api: Api, releaseId: string, body: unknown) => api(`/v1/releases/${releaseId}/dsps`, { method: 'PUT', body });
const remove = (api: Api, releaseId: string, slug: string) => api(`/v1/releases/${releaseId}/dsps/${slug}`, { method: 'DELETE' });

/** The selection as the catalogue's submit gate reads it (supply-chain's internal operation). */
const selection = async (owner: ArtistKey, releaseId: string): Promise<Store[]> => {
  const reply = await callService(
    nc,
    apiSubject(platform.subjectPrefix, 'supply-chain'),
    { operation: SupplyChainOperation.releaseDspsSelection, params: { uuid: releaseId }, principal: owner.principal },
    10_000,
  );
  expect(reply.status).toBe(200);
  return (reply.body as { dsps: Store[] }).dsps;
};

const expectStores = (response: ApiResponse, stores: Store[]) => {
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ dsps: stores });
};

const expectDspNotFound = (response: ApiResponse, given: string) => {
  expect(response.status).toBe(404);
  expect(response.body).toMatchObject({ success: false, error: `DSP '${given}' not found or inactive.` });
};

const expectReleaseNotFound = (response: ApiResponse) => {
  expect(response.status).toBe(404);
  expect(response.body).toMatchObject({ success: false, error: 'Release not found.' });
};

/** The store-change events supply-chain recorded for a release (its outbox), oldest first. */
const storeEvents = async (releaseId: string) =>
  (
    await db.query<{ type: string; tenant_id: string; data: Record<string, unknown> }>(
      `select "type", "tenant_id", "envelope"->'data' as "data" from "supply_chain"."outbox_event"
        where "envelope"->'data'->>'release_id' = $1 order by "created_at", "id"`,
      [releaseId],
    )
  ).rows;

describe('POST /releases/{uuid}/dsps', () => {
  it('adds stores by slug and answers the whole selection by DSP name', async () => {
    const releaseId = await newRelease(nova.api);
    expectStores(await post(nova.api, releaseId, { dsps: ['tidal', 'spotify', 'deezer'] }), [DEEZER, SPOTIFY, TIDAL]);
    expect(await selection(nova, releaseId)).toEqual([DEEZER, SPOTIFY, TIDAL]);
  });

  it('is additive: stores added by id join those already selected, each once', async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify'] });
    expectStores(await post(nova.api, releaseId, { dsp_ids: [4, 1] }), [AMAZON, SPOTIFY]);
    expectStores(await post(nova.api, releaseId, { dsps: ['Deezer', 'spotify'], dsp_ids: ['30', 7], replace: false }), [
      SEVEN_DIGITAL,
      AMAZON,
      DEEZER,
      SPOTIFY,
    ]);
  });

  it('replaces the selection when replace is true', async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify', 'deezer', 'tidal'] });
    expectStores(await post(nova.api, releaseId, { dsps: ['audiomack', 'deezer'], replace: true }), [AUDIOMACK, DEEZER]);
    expect(await selection(nova, releaseId)).toEqual([AUDIOMACK, DEEZER]);
  });

  it('refuses an unknown slug with 404 naming it, and changes nothing', async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify'] });
    expectDspNotFound(await post(nova.api, releaseId, { dsps: ['deezer', 'spotifyy'] }), 'spotifyy');
    expectDspNotFound(await post(nova.api, releaseId, { dsps: ['tidal'], replace: true, dsp_ids: [9999] }), '9999');
    expect(await selection(nova, releaseId)).toEqual([SPOTIFY]);
  });

  it('refuses a retired destination like an unknown one', async () => {
    const releaseId = await newRelease(nova.api);
    expectDspNotFound(await post(nova.api, releaseId, { dsps: ['resso'] }), 'resso');
    expectDspNotFound(await post(nova.api, releaseId, { dsp_ids: [57] }), '57');
    expect(await selection(nova, releaseId)).toEqual([]);
  });

  it('needs at least one DSP and well-formed fields (422), changing nothing', async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify'] });
    for (const body of [{}, { dsps: [] }, { dsps: [], dsp_ids: [], replace: true }]) {
      const response = await post(nova.api, releaseId, body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        success: false,
        error: 'Validation failed',
        errors: { dsps: ['Send at least one DSP: dsps (DSP slugs) or dsp_ids (DSP ids).'] },
      });
    }
    for (const [body, field] of [
      [{ dsps: 'spotify' }, 'dsps'],
      [{ dsp_ids: [-1] }, 'dsp_ids.0'],
      [{ dsp_ids: ['one'] }, 'dsp_ids.0'],
      [{ dsps: ['spotify'], replace: 'yes' }, 'replace'],
    ] as const) {
      const response = await post(nova.api, releaseId, body);
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual([field]);
    }
    expect(await selection(nova, releaseId)).toEqual([SPOTIFY]);
  });

  it('never selects a store twice, however many adds race', async () => {
    const releaseId = await newRelease(nova.api);
    const responses = await Promise.all(
      ['deezer', 'tidal', 'audiomack', 'amazon_music', 'deezer', 'tidal'].map((slug) => post(nova.api, releaseId, { dsps: ['spotify', slug] })),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await selection(nova, releaseId)).toEqual([AMAZON, AUDIOMACK, DEEZER, SPOTIFY, TIDAL]);
    const live = await db.query(
      `select "dsp_id", count(*)::int as "n" from "supply_chain"."release_dsp"
        where "release_id" = $1 and "deleted_at" is null group by "dsp_id" having count(*) > 1`,
      [releaseId],
    );
    expect(live.rows).toEqual([]);
  });
});

describe('PUT /releases/{uuid}/dsps', () => {
  it('replaces the selection with the body, whatever its replace flag', async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify', 'deezer'] });
    expectStores(await put(nova.api, releaseId, { dsps: ['tidal'], dsp_ids: [11], replace: false }), [AUDIOMACK, TIDAL]);
    expectStores(await put(nova.api, releaseId, { dsp_ids: [1] }), [SPOTIFY]);
    expect(await selection(nova, releaseId)).toEqual([SPOTIFY]);
  });

  it('refuses an unknown slug with 404 and keeps the selection', async () => {
    const releaseId = await newRelease(nova.api);
    await put(nova.api, releaseId, { dsps: ['spotify', 'deezer'] });
    expectDspNotFound(await put(nova.api, releaseId, { dsps: ['tidal', 'nope'] }), 'nope');
    expect(await selection(nova, releaseId)).toEqual([DEEZER, SPOTIFY]);
  });
});

describe('DELETE /releases/{uuid}/dsps/{slug}', () => {
  it('removes one store by slug or numeric id and answers the rest; removing again is no error', async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify', 'deezer', 'tidal'] });
    expectStores(await remove(nova.api, releaseId, 'deezer'), [SPOTIFY, TIDAL]);
    expectStores(await remove(nova.api, releaseId, 'deezer'), [SPOTIFY, TIDAL]);
    expectStores(await remove(nova.api, releaseId, '8'), [SPOTIFY]);
    // A store of the registry that was never selected: nothing to do.
    expectStores(await remove(nova.api, releaseId, 'audiomack'), [SPOTIFY]);
    expectStores(await remove(nova.api, releaseId, 'spotify'), []);
    expect(await selection(nova, releaseId)).toEqual([]);
  });

  it('answers 404 for a slug or id the registry does not have', async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify'] });
    expectDspNotFound(await remove(nova.api, releaseId, 'spotifyy'), 'spotifyy');
    expectDspNotFound(await remove(nova.api, releaseId, '9999'), '9999');
    expect(await selection(nova, releaseId)).toEqual([SPOTIFY]);
  });

  it('lets a removed store be added again, fresh', async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify'] });
    await remove(nova.api, releaseId, 'spotify');
    expectStores(await post(nova.api, releaseId, { dsps: ['spotify'] }), [SPOTIFY]);
  });
});

describe('who may change a selection', () => {
  it("answers 404 for another tenant's release and changes nothing", async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify'] });
    expectReleaseNotFound(await post(orion.api, releaseId, { dsps: ['deezer'] }));
    expectReleaseNotFound(await put(orion.api, releaseId, { dsps: ['deezer'] }));
    expectReleaseNotFound(await remove(orion.api, releaseId, 'spotify'));
    expect(await selection(nova, releaseId)).toEqual([SPOTIFY]);
    // Nor does its own tenant see another's selection through the internal read.
    expect(await selection(orion, releaseId)).toEqual([]);
  });

  it("answers 404 to an artist key for another artist's release of the same tenant", async () => {
    const releaseId = await newRelease(nova.api);
    expectReleaseNotFound(await post(lyra.api, releaseId, { dsps: ['deezer'] }));
    expectReleaseNotFound(await remove(lyra.api, releaseId, 'deezer'));
    expect(await selection(nova, releaseId)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed release id', async () => {
    expectReleaseNotFound(await post(nova.api, '00000000-0000-4000-8000-000000000000', { dsps: ['spotify'] }));
    expectReleaseNotFound(await post(nova.api, 'not-a-uuid', { dsps: ['spotify'] }));
    expectReleaseNotFound(await remove(nova.api, 'not-a-uuid', 'spotify'));
  });

  it("lets a team key of the tenant change any of its releases' selection", async () => {
    const releaseId = await newRelease(nova.api);
    expectStores(await post(teamA, releaseId, { dsps: ['spotify'] }), [SPOTIFY]);
    expectStores(await put(teamA, releaseId, { dsps: ['tidal'] }), [TIDAL]);
    expectStores(await remove(teamA, releaseId, 'tidal'), []);
  });
});

describe('the selection for the submit gate', () => {
  it('is empty for a release with no stores', async () => {
    expect(await selection(nova, await newRelease(nova.api))).toEqual([]);
    expect(await selection(nova, 'not-a-uuid')).toEqual([]);
  });
});

describe('release.stores.changed', () => {
  it('is recorded with each change that changes the selection, and only then', async () => {
    const releaseId = await newRelease(nova.api);
    await post(nova.api, releaseId, { dsps: ['spotify', 'deezer'] });
    await post(nova.api, releaseId, { dsps: ['spotify'] }); // already selected: no change
    await put(nova.api, releaseId, { dsps: ['deezer', 'tidal'] });
    await remove(nova.api, releaseId, 'tidal');
    await remove(nova.api, releaseId, 'tidal'); // already gone: no change
    const events = await storeEvents(releaseId);
    expect(events.map((event) => event.type)).toEqual(Array(3).fill('release.stores.changed'));
    expect(events.every((event) => event.tenant_id === nova.principal.tenant_id)).toBe(true);
    expect(events.map((event) => event.data)).toEqual([
      { release_id: releaseId, dsps: ['deezer', 'spotify'], added: ['deezer', 'spotify'], removed: [] },
      { release_id: releaseId, dsps: ['deezer', 'tidal'], added: ['tidal'], removed: ['spotify'] },
      { release_id: releaseId, dsps: ['deezer'], added: [], removed: ['tidal'] },
    ]);
  });
});
