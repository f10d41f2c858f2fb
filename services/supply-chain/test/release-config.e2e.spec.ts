import type { NatsConnection } from '@nats-io/transport-node';
import {
  ReleaseOperation,
  ResolvedConfigReply,
  SupplyChainOperation,
  apiSubject,
  type ParsedServiceReply,
  type Principal,
} from '@sv/contracts';
import { callService } from '@sv/platform';
import { connectTestNats, apiClient, startPlatform, type ApiResponse, type TestPlatform } from '@sv/testing';
import pg from 'pg';
import { artworkJpeg, fileForm, wavFile } from './support/release-files.ts';

/*
 * A release's supply-chain settings through the real gateway, with the catalogue (which owns
 * releases, answers the visibility lookup and the snapshot) and supply-chain as their own
 * processes: the catalogues, the release level, per-DSP overrides, the effective config, the
 * delivery plan, release.config.changed and the internal resolved read.
 */

type Api = ReturnType<typeof apiClient>;
interface Tenant {
  uuid: string;
  slug: string;
}

let platform: TestPlatform;
let nc: NatsConnection;
let db: pg.Client;
let tenantA: Tenant;
let tenantB: Tenant;
let nova: Api; // artist key of tenant A
let novaId: string;
let lyraId: string; // another artist of tenant A
let teamA: Api; // may manage any release's supply-chain settings
let ownerA: Api; // may approve
let orion: Api; // artist key of tenant B
let teamB: Api;

const newTenant = async (slug: string): Promise<Tenant> => {
  const created = await platform.adminOk('tenant', 'create', '--slug', slug, '--name', `Label ${slug}`);
  return { uuid: String(created.tenant.uuid), slug };
};
const newArtist = async (tenant: Tenant, slug: string): Promise<string> =>
  String((await platform.adminOk('artist', 'create', '--tenant', tenant.slug, '--name', slug, '--slug', slug)).artist.uuid);
const newKey = async (tenant: Tenant, role: string, ...extra: string[]): Promise<Api> =>
  apiClient(platform.baseUrl, String((await platform.adminOk('key', 'create', '--tenant', tenant.slug, '--role', role, ...extra)).key));

beforeAll(async () => {
  // Many requests per key: lift the per-minute limits so the tests never meet them.
  platform = await startPlatform({ supplyChain: true, env: { SV_RATE_LIMIT_MULTIPLIER: '100' } });
  [tenantA, tenantB] = await Promise.all([newTenant('sc-cfg-a'), newTenant('sc-cfg-b')]);
  [novaId, lyraId] = await Promise.all([newArtist(tenantA, 'nova'), newArtist(tenantA, 'lyra')]);
  const orionId = await newArtist(tenantB, 'orion');
  [nova, teamA, ownerA, orion, teamB] = await Promise.all([
    newKey(tenantA, 'artist', '--artist', novaId),
    newKey(tenantA, 'team'),
    newKey(tenantA, 'owner'),
    newKey(tenantB, 'artist', '--artist', orionId),
    newKey(tenantB, 'team'),
  ]);
  nc = await connectTestNats();
  db = new pg.Client({ connectionString: platform.db.url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await platform?.stop();
  await nc?.close();
}, 180_000);

// Building releases through the public API, as a client would.

let releaseCount = 0;
const newRelease = async (api: Api = nova, body: Record<string, unknown> = {}): Promise<string> => {
  releaseCount += 1;
  const response = await api<{ release: { uuid: string } }>('/v1/releases', {
    method: 'POST',
    body: { title: `Settings ${releaseCount}`, type: 'single', release_date: '2027-03-05', genre: 'Pop', ...body },
  });
  if (response.status !== 201) throw new Error(`release create failed: ${response.status} ${response.text}`);
  return response.body.release.uuid;
};

const attach = async (releaseId: string, dsps: string[]): Promise<void> => {
  const response = await nova(`/v1/releases/${releaseId}/dsps`, { method: 'POST', body: { dsps } });
  if (response.status !== 200) throw new Error(`attach failed: ${response.status} ${response.text}`);
};

const addTrack = async (releaseId: string, position = 1): Promise<string> => {
  const response = await nova(`/v1/releases/${releaseId}/tracks`, { method: 'POST', body: { title: `Track ${position}`, position, explicit: false } });
  if (response.status !== 201) throw new Error(`track create failed: ${response.status} ${response.text}`);
  return String(response.body.track.uuid);
};

const uploadAudio = async (trackId: string): Promise<void> => {
  const response = await nova(`/v1/tracks/${trackId}/audio`, { method: 'POST', raw: fileForm('audio', wavFile(), 'audio/wav', 'master.wav') });
  if (response.status !== 200) throw new Error(`audio upload failed: ${response.status} ${response.text}`);
};

const uploadArtwork = async (releaseId: string): Promise<void> => {
  const response = await nova(`/v1/releases/${releaseId}/artwork`, { method: 'POST', raw: fileForm('artwork', await artworkJpeg(), 'image/jpeg', 'cover.jpg') });
  if (response.status !== 200) throw new Error(`artwork upload failed: ${response.status} ${response.text}`);
};

const transition = async (api: Api, releaseId: string, action: 'submit' | 'approve'): Promise<void> => {
  const response = await api(`/v1/releases/${releaseId}/${action}`, { method: 'POST' });
  if (response.status !== 200) throw new Error(`${action} failed: ${response.status} ${response.text}`);
};

const systemPrincipal = (tenant: Tenant, extra: Partial<Principal> = {}): Principal => ({
  tenant_id: tenant.uuid,
  tenant_slug: tenant.slug,
  role: 'super_admin',
  actor: { type: 'system', id: 'delivery' },
  artist_id: null,
  roster: false,
  ...extra,
});

const callOwner = (service: 'catalogue' | 'supply-chain', operation: string, releaseId: string, principal: Principal): Promise<ParsedServiceReply> =>
  callService(nc, apiSubject(platform.subjectPrefix, service), { operation, params: { uuid: releaseId }, principal }, 10_000);

/** As the delivery service does once QC passes: the release becomes approved. */
const passQc = async (releaseId: string): Promise<void> => {
  const reply = await callOwner('catalogue', ReleaseOperation.qcPass, releaseId, systemPrincipal(tenantA));
  if (reply.status !== 200) throw new Error(`qc pass failed: ${reply.status} ${JSON.stringify(reply.body)}`);
};

/** An approved release with a track and the given stores. */
const approvedRelease = async (dsps: string[]): Promise<string> => {
  const releaseId = await newRelease();
  await addTrack(releaseId);
  await attach(releaseId, dsps);
  await transition(nova, releaseId, 'submit');
  await transition(ownerA, releaseId, 'approve');
  await passQc(releaseId);
  return releaseId;
};

// The settings endpoints.

const getConfig = (api: Api, releaseId: string) => api(`/v1/supply-chain/releases/${releaseId}`);
const putConfig = (api: Api, releaseId: string, what: 'monetization' | 'pricing-tier' | 'territories', body: unknown) =>
  api(`/v1/supply-chain/releases/${releaseId}/${what}`, { method: 'PUT', body });
const override = (api: Api, releaseId: string, slug: string, body: unknown) => api(`/v1/releases/${releaseId}/dsps/${slug}`, { method: 'PUT', body });
const effective = (api: Api, releaseId: string) => api(`/v1/supply-chain/releases/${releaseId}/effective-config`);
const plan = (api: Api, releaseId: string) => api(`/v1/supply-chain/releases/${releaseId}/delivery-plan`);

const unset = (releaseId: string) => ({
  release_id: releaseId,
  monetization_policy_codes: null,
  pricing_tier_code: null,
  territory_mode: null,
  territory_codes: null,
  dsps: [],
});

const configDsp = (dsp_id: number, dsp_name: string, slug: string, extra: Record<string, unknown> = {}) => ({
  dsp_id,
  dsp_name,
  slug,
  status: 'pending',
  is_blocked: false,
  overrides: {},
  ...extra,
});

const expectValidation = (response: ApiResponse, errors: Record<string, string[]>) => {
  expect({ status: response.status, body: response.body }).toEqual({ status: 422, body: { success: false, error: 'Validation failed', errors } });
};
const expectFields = (response: ApiResponse, fields: string[]) => {
  expect(response.status).toBe(422);
  expect(response.body.error).toBe('Validation failed');
  expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
};
const expectError = (response: ApiResponse, status: number, error: string) => {
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ success: false, error });
};
const expectReleaseNotFound = (response: ApiResponse) => expectError(response, 404, 'Release not found.');
const FORBIDDEN = 'You do not have permission to perform this action.';

/** release.config.changed recorded by supply-chain for a release (its outbox), oldest first. */
const configEvents = async (releaseId: string) =>
  (
    await db.query<{ tenant_id: string; data: Record<string, unknown> }>(
      `select "tenant_id", "envelope"->'data' as "data" from "supply_chain"."outbox_event"
        where "type" = 'release.config.changed' and "envelope"->'data'->>'release_id' = $1 order by "created_at", "id"`,
      [releaseId],
    )
  ).rows;

describe('the catalogues', () => {
  it('lists the monetization policies with their DDEX deal terms, to every role', async () => {
    for (const api of [nova, teamA]) {
      const response = await api('/v1/supply-chain/monetization-policies');
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(['monetization_policies']);
      const byCode = new Map(response.body.monetization_policies.map((policy: { code: string }) => [policy.code, policy]));
      expect(byCode.get('subscription_streaming')).toEqual({
        code: 'subscription_streaming',
        name: 'Subscription streaming',
        description: expect.any(String),
        commercial_model_type: 'SubscriptionModel',
        use_types: ['OnDemandStream'],
        carries_price: false,
      });
      expect(byCode.get('permanent_download')).toMatchObject({ commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload'], carries_price: true });
      expect(byCode.has('ad_supported_streaming')).toBe(true);
    }
  });

  it('lists the pricing tiers with their price codes', async () => {
    const response = await nova('/supply-chain/pricing-tiers');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['pricing_tiers']);
    expect(response.body.pricing_tiers.map((tier: { code: string }) => tier.code)).toEqual(expect.arrayContaining(['front_line', 'mid_price', 'budget']));
    expect(response.body.pricing_tiers.find((tier: { code: string }) => tier.code === 'front_line')).toEqual({
      code: 'front_line',
      name: 'Front line',
      description: expect.any(String),
      price_code: 'FRONTLINE',
      price_information_type: 'StandardRetailPrice',
    });
  });
});

describe('GET /supply-chain/releases/{uuid}', () => {
  it('reads an unconfigured release as nulls (store defaults apply) with its stores and no overrides', async () => {
    const releaseId = await newRelease();
    const fresh = await getConfig(nova, releaseId);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ release_config: unset(releaseId) });
    await attach(releaseId, ['tidal', 'spotify']);
    expect((await getConfig(teamA, releaseId)).body).toEqual({
      release_config: { ...unset(releaseId), dsps: [configDsp(1, 'Spotify', 'spotify'), configDsp(8, 'TIDAL', 'tidal')] },
    });
  });

  it("answers 404 for another tenant's release, another artist's release and unknown ids", async () => {
    const releaseId = await newRelease();
    expectReleaseNotFound(await getConfig(orion, releaseId));
    expectReleaseNotFound(await getConfig(teamB, releaseId));
    const lyraKey = await newKey(tenantA, 'artist', '--artist', lyraId);
    expectReleaseNotFound(await getConfig(lyraKey, releaseId));
    expectReleaseNotFound(await getConfig(nova, '00000000-0000-4000-8000-000000000000'));
    expectReleaseNotFound(await getConfig(nova, 'not-a-uuid'));
  });
});

describe('PUT /supply-chain/releases/{uuid}/monetization, /pricing-tier, /territories', () => {
  it('sets each release-level field and answers the whole release config', async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify']);
    const monetization = await putConfig(teamA, releaseId, 'monetization', {
      monetization_policy_codes: ['permanent_download', 'subscription_streaming', 'permanent_download'],
    });
    expect(monetization.status).toBe(200);
    expect(monetization.body).toEqual({
      release_config: {
        ...unset(releaseId),
        monetization_policy_codes: ['subscription_streaming', 'permanent_download'],
        dsps: [configDsp(1, 'Spotify', 'spotify')],
      },
    });
    const tier = await putConfig(teamA, releaseId, 'pricing-tier', { pricing_tier_code: 'mid_price' });
    expect(tier.body.release_config).toMatchObject({ monetization_policy_codes: ['subscription_streaming', 'permanent_download'], pricing_tier_code: 'mid_price' });
    const territories = await putConfig(teamA, releaseId, 'territories', { territory_mode: 'exclude', territory_codes: ['ru', 'CN', 'RU'] });
    expect(territories.status).toBe(200);
    expect(territories.body.release_config).toMatchObject({ territory_mode: 'exclude', territory_codes: ['CN', 'RU'], pricing_tier_code: 'mid_price' });
    expect((await getConfig(nova, releaseId)).body).toEqual(territories.body);
  });

  it('accepts Worldwide alone in include mode', async () => {
    const releaseId = await newRelease();
    const response = await putConfig(teamA, releaseId, 'territories', { territory_mode: 'include', territory_codes: ['worldwide'] });
    expect(response.status).toBe(200);
    expect(response.body.release_config).toMatchObject({ territory_mode: 'include', territory_codes: ['Worldwide'] });
  });

  it('refuses unknown codes with 422 per field, and changes nothing', async () => {
    const releaseId = await newRelease();
    await putConfig(teamA, releaseId, 'monetization', { monetization_policy_codes: ['subscription_streaming'] });
    const before = (await getConfig(teamA, releaseId)).body;

    expectValidation(await putConfig(teamA, releaseId, 'monetization', { monetization_policy_codes: ['subscription_streaming', 'free_for_all'] }), {
      'monetization_policy_codes.1': ["Unknown monetization policy 'free_for_all'. See GET /supply-chain/monetization-policies."],
    });
    expectValidation(await putConfig(teamA, releaseId, 'pricing-tier', { pricing_tier_code: 'bargain' }), {
      pricing_tier_code: ["Unknown pricing tier 'bargain'. See GET /supply-chain/pricing-tiers."],
    });
    expectValidation(await putConfig(teamA, releaseId, 'territories', { territory_mode: 'include', territory_codes: ['GB', 'US', 'XX', 'UK'] }), {
      'territory_codes.2': ["Unknown territory 'XX'. Use ISO 3166-1 alpha-2 codes or Worldwide."],
      'territory_codes.3': ["Unknown territory 'UK'. Use ISO 3166-1 alpha-2 codes or Worldwide."],
    });
    expect((await getConfig(teamA, releaseId)).body).toEqual(before);
  });

  it('refuses territory nonsense: Worldwide with others, Worldwide excluded, nothing included', async () => {
    const releaseId = await newRelease();
    expectValidation(await putConfig(teamA, releaseId, 'territories', { territory_mode: 'include', territory_codes: ['Worldwide', 'GB'] }), {
      territory_codes: ['Worldwide stands for every territory: send it alone, or list territories without it.'],
    });
    expectValidation(await putConfig(teamA, releaseId, 'territories', { territory_mode: 'exclude', territory_codes: ['Worldwide'] }), {
      territory_codes: ['Excluding Worldwide leaves no territory: to exclude territories, list them with territory_mode exclude.'],
    });
    expectValidation(await putConfig(teamA, releaseId, 'territories', { territory_mode: 'include', territory_codes: [] }), {
      territory_codes: ['The include mode needs at least one territory (or Worldwide).'],
    });
    expect((await getConfig(teamA, releaseId)).body).toEqual({ release_config: unset(releaseId) });
  });

  it('refuses malformed bodies with 422 on the field', async () => {
    const releaseId = await newRelease();
    expectFields(await putConfig(teamA, releaseId, 'monetization', {}), ['monetization_policy_codes']);
    expectFields(await putConfig(teamA, releaseId, 'monetization', { monetization_policy_codes: [] }), ['monetization_policy_codes']);
    expectFields(await putConfig(teamA, releaseId, 'pricing-tier', { pricing_tier_code: 7 }), ['pricing_tier_code']);
    expectFields(await putConfig(teamA, releaseId, 'territories', { territory_mode: 'everywhere', territory_codes: ['GB'] }), ['territory_mode']);
    expectFields(await putConfig(teamA, releaseId, 'territories', { territory_mode: 'include' }), ['territory_codes']);
  });

  it("lets an artist key set its own release's distribution: monetization, pricing tier, territories and a store's overrides", async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify', 'itunes']);
    expect((await putConfig(nova, releaseId, 'monetization', { monetization_policy_codes: ['permanent_download'] })).status).toBe(200);
    expect((await putConfig(nova, releaseId, 'pricing-tier', { pricing_tier_code: 'budget' })).status).toBe(200);
    const territories = await putConfig(nova, releaseId, 'territories', { territory_mode: 'exclude', territory_codes: ['CN'] });
    expect(territories.status).toBe(200);
    const overridden = await override(nova, releaseId, 'itunes', { territory_mode: 'include', territory_codes: ['GB', 'US'], pricing_tier_code: 'mid_price' });
    expect(overridden.status).toBe(200);
    const overrides = { territory_mode: 'include', territory_codes: ['GB', 'US'], pricing_tier_code: 'mid_price' };
    expect(overridden.body).toEqual({ dsp: configDsp(3, 'iTunes', 'itunes', { overrides }) });
    expect((await getConfig(teamA, releaseId)).body).toEqual({
      release_config: {
        ...unset(releaseId),
        monetization_policy_codes: ['permanent_download'],
        pricing_tier_code: 'budget',
        territory_mode: 'exclude',
        territory_codes: ['CN'],
        dsps: [configDsp(3, 'iTunes', 'itunes', { overrides }), configDsp(1, 'Spotify', 'spotify')],
      },
    });
  });

  it("lets a collaborator key of the artist, and a roster key for any of the tenant's artists, set the distribution", async () => {
    const collaborator = await newKey(tenantA, 'collaborator', '--artist', novaId);
    const roster = await newKey(tenantA, 'artist', '--roster');
    const novaRelease = await newRelease();
    const lyraRelease = await newRelease(roster, { artist_id: lyraId });
    expect((await putConfig(collaborator, novaRelease, 'pricing-tier', { pricing_tier_code: 'budget' })).body.release_config).toMatchObject({ pricing_tier_code: 'budget' });
    for (const releaseId of [novaRelease, lyraRelease]) {
      const response = await putConfig(roster, releaseId, 'territories', { territory_mode: 'include', territory_codes: ['GB'] });
      expect({ releaseId, status: response.status }).toEqual({ releaseId, status: 200 });
      expect(response.body.release_config).toMatchObject({ territory_mode: 'include', territory_codes: ['GB'] });
    }
  });

  it("refuses another artist's key on a release as its updates are refused (404), and changes nothing", async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify']);
    const lyraKey = await newKey(tenantA, 'artist', '--artist', lyraId);
    const lyraCollaborator = await newKey(tenantA, 'collaborator', '--artist', lyraId);
    for (const key of [lyraKey, lyraCollaborator]) {
      expectReleaseNotFound(await key(`/v1/releases/${releaseId}`, { method: 'PATCH', body: { title: 'Taken' } }));
      expectReleaseNotFound(await putConfig(key, releaseId, 'monetization', { monetization_policy_codes: ['permanent_download'] }));
      expectReleaseNotFound(await putConfig(key, releaseId, 'pricing-tier', { pricing_tier_code: 'budget' }));
      expectReleaseNotFound(await putConfig(key, releaseId, 'territories', { territory_mode: 'include', territory_codes: ['GB'] }));
      expectReleaseNotFound(await override(key, releaseId, 'spotify', { is_blocked: true }));
    }
    expect((await getConfig(nova, releaseId)).body).toEqual({ release_config: { ...unset(releaseId), dsps: [configDsp(1, 'Spotify', 'spotify')] } });
  });

  it("lets the tenant's team and admin keys set any artist's release", async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify']);
    expect((await putConfig(teamA, releaseId, 'pricing-tier', { pricing_tier_code: 'budget' })).status).toBe(200);
    expect((await putConfig(ownerA, releaseId, 'territories', { territory_mode: 'exclude', territory_codes: ['RU'] })).status).toBe(200);
    expect((await override(ownerA, releaseId, 'spotify', { pricing_tier_code: 'front_line' })).status).toBe(200);
    expect((await getConfig(nova, releaseId)).body.release_config).toMatchObject({
      pricing_tier_code: 'budget',
      territory_mode: 'exclude',
      territory_codes: ['RU'],
      dsps: [configDsp(1, 'Spotify', 'spotify', { overrides: { pricing_tier_code: 'front_line' } })],
    });
  });

  it("answers 404 for another tenant's release and changes nothing", async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify']);
    expectReleaseNotFound(await putConfig(teamB, releaseId, 'monetization', { monetization_policy_codes: ['permanent_download'] }));
    expectReleaseNotFound(await putConfig(teamB, releaseId, 'pricing-tier', { pricing_tier_code: 'budget' }));
    expectReleaseNotFound(await putConfig(teamB, releaseId, 'territories', { territory_mode: 'include', territory_codes: ['GB'] }));
    expectReleaseNotFound(await override(teamB, releaseId, 'spotify', { is_blocked: true }));
    expect((await getConfig(teamA, releaseId)).body).toEqual({ release_config: { ...unset(releaseId), dsps: [configDsp(1, 'Spotify', 'spotify')] } });
  });
});

describe('PUT /releases/{uuid}/dsps/{slug}', () => {
  it('blocks a store and sets overrides; the reply, the config and the selection show them', async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify', 'itunes']);
    const response = await override(teamA, releaseId, 'itunes', {
      is_blocked: true,
      territory_mode: 'include',
      territory_codes: ['us', 'GB'],
      monetization_policy_codes: ['permanent_download'],
      pricing_tier_code: 'budget',
      release_date: '2027-04-01',
      rights: [{ type: 'master', holder: 'Nova Records', share: 100, territory_codes: ['US'] }],
    });
    expect(response.status).toBe(200);
    const overrides = {
      territory_mode: 'include',
      territory_codes: ['GB', 'US'],
      monetization_policy_codes: ['permanent_download'],
      pricing_tier_code: 'budget',
      release_date: '2027-04-01',
      rights: [{ type: 'master', holder: 'Nova Records', share: 100, territory_codes: ['US'], start_date: null, end_date: null, p_line: null, c_line: null }],
    };
    expect(response.body).toEqual({ dsp: configDsp(3, 'iTunes', 'itunes', { is_blocked: true, overrides }) });
    expect((await getConfig(nova, releaseId)).body.release_config.dsps).toEqual([
      configDsp(3, 'iTunes', 'itunes', { is_blocked: true, overrides }),
      configDsp(1, 'Spotify', 'spotify'),
    ]);
    const selection = await callOwner('supply-chain', SupplyChainOperation.releaseDspsSelection, releaseId, systemPrincipal(tenantA));
    expect(selection.body).toEqual({
      dsps: [
        { dsp_id: 3, dsp_name: 'iTunes', slug: 'itunes', status: 'pending', is_blocked: true },
        { dsp_id: 1, dsp_name: 'Spotify', slug: 'spotify', status: 'pending', is_blocked: false },
      ],
    });
  });

  it('keeps what the body leaves out and clears what it sends as null', async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify']);
    await override(teamA, releaseId, 'spotify', { is_blocked: true, pricing_tier_code: 'budget', release_date: '2027-04-01', territory_mode: 'exclude' });
    const kept = await override(teamA, releaseId, 'spotify', { release_date: null });
    expect(kept.status).toBe(200);
    expect(kept.body.dsp).toMatchObject({ is_blocked: true, overrides: { pricing_tier_code: 'budget', territory_mode: 'exclude' } });
    expect(Object.keys(kept.body.dsp.overrides).sort()).toEqual(['pricing_tier_code', 'territory_mode']);
    const cleared = await override(teamA, releaseId, 'SPOTIFY', { is_blocked: false, pricing_tier_code: null, territory_mode: null });
    expect(cleared.body).toEqual({ dsp: configDsp(1, 'Spotify', 'spotify') });
  });

  it('answers 422 for a store not attached and 404 for an unknown or retired one, changing nothing', async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify']);
    const notAttached = await override(teamA, releaseId, 'deezer', { is_blocked: true });
    expect(notAttached.status).toBe(422);
    expect(notAttached.body).toEqual({
      success: false,
      error: "DSP 'deezer' is not attached to this release.",
      errors: { dsp: ["DSP 'deezer' is not attached to this release."] },
    });
    expectError(await override(teamA, releaseId, 'spotifyy', { is_blocked: true }), 404, "DSP 'spotifyy' not found or inactive.");
    expectError(await override(teamA, releaseId, 'resso', { is_blocked: true }), 404, "DSP 'resso' not found or inactive.");
    expect((await getConfig(teamA, releaseId)).body.release_config.dsps).toEqual([configDsp(1, 'Spotify', 'spotify')]);
  });

  it('checks codes, dates, rights and territory rules like the release level, per field', async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify']);
    expectValidation(await override(teamA, releaseId, 'spotify', { territory_codes: ['GB', 'ZZ'], monetization_policy_codes: ['nope'] }), {
      'territory_codes.1': ["Unknown territory 'ZZ'. Use ISO 3166-1 alpha-2 codes or Worldwide."],
      'monetization_policy_codes.0': ["Unknown monetization policy 'nope'. See GET /supply-chain/monetization-policies."],
    });
    expectFields(await override(teamA, releaseId, 'spotify', { release_date: '2027-02-30' }), ['release_date']);
    expectFields(await override(teamA, releaseId, 'spotify', { is_blocked: 'yes' }), ['is_blocked']);
    expectFields(
      await override(teamA, releaseId, 'spotify', { rights: [{ type: 'master', holder: '', share: 50 }, { type: 'film', holder: 'B', share: 10 }] }),
      ['rights.0.holder', 'rights.1.type'],
    );
    expectFields(
      await override(teamA, releaseId, 'spotify', { rights: [{ type: 'master', holder: 'A', share: 70 }, { type: 'master', holder: 'B', share: 40 }] }),
      ['rights'],
    );
    expectValidation(await override(teamA, releaseId, 'spotify', { territory_mode: 'exclude', territory_codes: ['Worldwide'] }), {
      territory_codes: ['Excluding Worldwide leaves no territory: to exclude territories, list them with territory_mode exclude.'],
    });
    // The rule holds for the override as it would be stored: a mode sent now with codes stored before.
    expect((await override(teamA, releaseId, 'spotify', { territory_codes: ['Worldwide'] })).status).toBe(200);
    expectValidation(await override(teamA, releaseId, 'spotify', { territory_mode: 'exclude' }), {
      territory_codes: ['Excluding Worldwide leaves no territory: to exclude territories, list them with territory_mode exclude.'],
    });
    expect((await getConfig(teamA, releaseId)).body.release_config.dsps).toEqual([configDsp(1, 'Spotify', 'spotify', { overrides: { territory_codes: ['Worldwide'] } })]);
  });

  it("withdraws policies from one track at one store, checked per field, shown in the store's effective config", async () => {
    const releaseId = await newRelease();
    const trackId = await addTrack(releaseId);
    await attach(releaseId, ['spotify', 'deezer']);
    expectFields(await override(teamA, releaseId, 'spotify', { track_withdrawals: [{ track_id: 'first', monetization_policy_codes: ['subscription_streaming'] }] }), [
      'track_withdrawals.0.track_id',
    ]);
    expectValidation(await override(teamA, releaseId, 'spotify', { track_withdrawals: [{ track_id: trackId, monetization_policy_codes: ['nope'] }] }), {
      'track_withdrawals.0.monetization_policy_codes.0': ["Unknown monetization policy 'nope'. See GET /supply-chain/monetization-policies."],
    });
    const set = await override(teamA, releaseId, 'spotify', { track_withdrawals: [{ track_id: trackId, monetization_policy_codes: ['ad_supported_streaming', 'subscription_streaming'] }] });
    expect(set.status).toBe(200);
    const withdrawal = { track_id: trackId, monetization_policy_codes: ['subscription_streaming', 'ad_supported_streaming'] };
    expect(set.body.dsp.overrides).toEqual({ track_withdrawals: [withdrawal] });
    const effective = (await teamA(`/supply-chain/releases/${releaseId}/effective-config`)).body.effective_config;
    const bySlug = new Map(effective.stores.map((store: { dsp: { slug: string } }) => [store.dsp.slug, store]));
    expect(bySlug.get('spotify')).toMatchObject({ track_withdrawals: [withdrawal], sources: { track_withdrawals: 'dsp' } });
    expect(bySlug.get('deezer')).toMatchObject({ track_withdrawals: [], sources: { track_withdrawals: 'default' } });
  });
});

describe('GET /supply-chain/releases/{uuid}/effective-config', () => {
  it('resolves defaults, then the release level, then the per-DSP override, naming the source of each field', async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify', 'itunes']);
    await putConfig(teamA, releaseId, 'territories', { territory_mode: 'exclude', territory_codes: ['CN'] });
    await override(teamA, releaseId, 'itunes', { pricing_tier_code: 'budget', release_date: '2027-04-01' });

    const response = await effective(nova, releaseId);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['effective_config']);
    expect(response.body.effective_config.release_id).toBe(releaseId);
    const [itunes, spotify] = response.body.effective_config.stores;
    expect(spotify).toEqual({
      dsp: {
        dsp_id: 1,
        slug: 'spotify',
        name: 'Spotify',
        ddex_party_id: 'PADPIDASV000000001',
        ern_version: '4.3',
        delivery_method: 'sftp',
        delivery_type: 'audio',
        lead_time_days: { new_release: 5, update: 2 },
      },
      status: 'pending',
      is_blocked: false,
      territory_mode: 'exclude',
      territory_codes: ['CN'],
      monetization_policy_codes: ['subscription_streaming', 'ad_supported_streaming'],
      pricing_tier_code: 'front_line',
      release_date: '2027-03-05',
      rights: null,
      track_withdrawals: [],
      sources: {
        territory_mode: 'release',
        territory_codes: 'release',
        monetization_policy_codes: 'default',
        pricing_tier_code: 'default',
        release_date: 'release',
        rights: 'default',
        track_withdrawals: 'default',
      },
      deals: [
        {
          policy_code: 'subscription_streaming',
          commercial_model_type: 'SubscriptionModel',
          use_types: ['OnDemandStream'],
          territory_codes: ['Worldwide'],
          excluded_territory_codes: ['CN'],
          start_date: '2027-03-05',
          price_type: null,
        },
        {
          policy_code: 'ad_supported_streaming',
          commercial_model_type: 'AdvertisementSupportedModel',
          use_types: ['OnDemandStream'],
          territory_codes: ['Worldwide'],
          excluded_territory_codes: ['CN'],
          start_date: '2027-03-05',
          price_type: null,
        },
      ],
    });
    expect(itunes).toMatchObject({
      dsp: { slug: 'itunes', delivery_method: 'aspera' },
      monetization_policy_codes: ['permanent_download'],
      pricing_tier_code: 'budget',
      release_date: '2027-04-01',
      sources: { territory_mode: 'release', monetization_policy_codes: 'default', pricing_tier_code: 'dsp', release_date: 'dsp' },
      deals: [expect.objectContaining({ policy_code: 'permanent_download', price_type: 'BUDGET', start_date: '2027-04-01', excluded_territory_codes: ['CN'] })],
    });
    // The same through the other path the spec writes.
    expect((await nova(`/v1/supply-chain/effective-config/${releaseId}`)).body).toEqual(response.body);
  });

  it('follows the catalogue release date until a store overrides it, and shows blocked stores', async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify']);
    await override(teamA, releaseId, 'spotify', { is_blocked: true });
    await nova(`/v1/releases/${releaseId}`, { method: 'PATCH', body: { release_date: '2027-05-20' } });
    const [spotify] = (await effective(teamA, releaseId)).body.effective_config.stores;
    expect(spotify).toMatchObject({ is_blocked: true, release_date: '2027-05-20', sources: { release_date: 'release' } });
    expect(spotify.deals.map((deal: { start_date: string }) => deal.start_date)).toEqual(['2027-05-20', '2027-05-20']);
  });

  it("answers 404 for another tenant's release", async () => {
    expectReleaseNotFound(await effective(orion, await newRelease()));
  });
});

describe('GET /supply-chain/releases/{uuid}/delivery-plan', () => {
  const codes = (problems: { code: string }[]) => problems.map((problem) => problem.code);

  it('lists what an empty release lacks, and is not ready', async () => {
    const releaseId = await newRelease();
    const response = await plan(nova, releaseId);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['delivery_plan']);
    expect(response.body.delivery_plan).toEqual({
      release_id: releaseId,
      ready: false,
      stores: [],
      problems: [
        { severity: 'error', code: 'dsps_missing', message: expect.any(String), field: 'dsps' },
        { severity: 'error', code: 'tracks_missing', message: 'The release has no tracks.', field: 'tracks' },
        { severity: 'error', code: 'artwork_missing', message: 'The release has no artwork.', field: 'artwork_url' },
      ],
    });
  });

  it('names a track without audio, a blocked store and a store whose territories leave nothing', async () => {
    const releaseId = await newRelease();
    await addTrack(releaseId);
    await attach(releaseId, ['spotify', 'deezer', 'napster']);
    await override(teamA, releaseId, 'deezer', { is_blocked: true });
    await override(teamA, releaseId, 'spotify', { territory_mode: 'exclude' });
    const body = (await plan(teamA, releaseId)).body.delivery_plan;
    expect(body.ready).toBe(false);
    expect(codes(body.problems)).toEqual(['audio_missing', 'artwork_missing']);
    expect(body.problems[0]).toEqual({ severity: 'error', code: 'audio_missing', message: "Track 1 ('Track 1') has no audio.", field: 'tracks[0].audio' });
    const bySlug = Object.fromEntries(body.stores.map((store: { dsp: { slug: string } }) => [store.dsp.slug, store]));
    expect(bySlug.deezer).toMatchObject({ is_blocked: true, ready: true, problems: [expect.objectContaining({ severity: 'warning', code: 'dsp_blocked' })] });
    expect(bySlug.spotify).toMatchObject({ ready: false, deals: [], problems: [expect.objectContaining({ severity: 'error', code: 'territories_empty' })] });
    expect(bySlug.napster).toMatchObject({ ern_version: '3.8.2', transport: 'sftp', ready: true, problems: [] });
  });

  it('is ready for a complete release: each store with its transport, ERN version, deals and effective config', async () => {
    const releaseId = await newRelease();
    await uploadAudio(await addTrack(releaseId));
    await uploadArtwork(releaseId);
    await attach(releaseId, ['spotify', 'itunes']);
    const response = await plan(nova, releaseId);
    expect(response.status).toBe(200);
    const body = response.body.delivery_plan;
    expect(body.problems).toEqual([]);
    expect(body.ready).toBe(true);
    expect(body.stores.map((store: any) => [store.dsp.slug, store.transport, store.ern_version, store.is_blocked, store.ready, store.problems])).toEqual([
      ['itunes', 'aspera', '4.3', false, true, []],
      ['spotify', 'sftp', '4.3', false, true, []],
    ]);
    const [itunes] = body.stores;
    expect(itunes.deals).toEqual(itunes.effective_config.deals);
    expect(itunes.deals).toEqual([
      {
        policy_code: 'permanent_download',
        commercial_model_type: 'PayAsYouGoModel',
        use_types: ['PermanentDownload'],
        territory_codes: ['Worldwide'],
        excluded_territory_codes: [],
        start_date: '2027-03-05',
        price_type: 'FRONTLINE',
      },
    ]);
    expect(itunes.dsp).toEqual(itunes.effective_config.dsp);
  });

  it("answers 404 for another tenant's release", async () => {
    expectReleaseNotFound(await plan(teamB, await newRelease()));
  });
});

describe('while the release may not change', () => {
  it('answers 409 in review (pending, qc_inspection) and changes nothing', async () => {
    const releaseId = await newRelease();
    await addTrack(releaseId);
    await attach(releaseId, ['spotify']);
    await transition(nova, releaseId, 'submit');
    const before = (await getConfig(teamA, releaseId)).body;
    for (const status of ['pending', 'qc_inspection']) {
      const message = `Supply-chain settings can be changed while the release is draft, rejected, approved or live; this release is ${status}.`;
      expectError(await putConfig(teamA, releaseId, 'monetization', { monetization_policy_codes: ['permanent_download'] }), 409, message);
      expectError(await putConfig(teamA, releaseId, 'pricing-tier', { pricing_tier_code: 'budget' }), 409, message);
      expectError(await putConfig(teamA, releaseId, 'territories', { territory_mode: 'include', territory_codes: ['GB'] }), 409, message);
      expectError(await override(teamA, releaseId, 'spotify', { is_blocked: true }), 409, message);
      // The artist's own key meets the same rule.
      expectError(await putConfig(nova, releaseId, 'territories', { territory_mode: 'include', territory_codes: ['GB'] }), 409, message);
      expectError(await override(nova, releaseId, 'spotify', { is_blocked: true }), 409, message);
      if (status === 'pending') await transition(ownerA, releaseId, 'approve');
    }
    expect((await getConfig(teamA, releaseId)).body).toEqual(before);
    // Reads stay open.
    expect((await effective(teamA, releaseId)).status).toBe(200);
  });

  it('answers 409 once taken down', async () => {
    const releaseId = await approvedRelease(['spotify']);
    const reply = await callOwner('catalogue', ReleaseOperation.markTakenDown, releaseId, systemPrincipal(tenantA));
    expect(reply.status).toBe(200);
    const message = 'Supply-chain settings can be changed while the release is draft, rejected, approved or live; this release is taken_down.';
    expectError(await putConfig(teamA, releaseId, 'pricing-tier', { pricing_tier_code: 'budget' }), 409, message);
    expectError(await override(teamA, releaseId, 'spotify', { is_blocked: true }), 409, message);
  });

  it('changes freely again once rejected, recording no event', async () => {
    const releaseId = await newRelease();
    await addTrack(releaseId);
    await attach(releaseId, ['spotify']);
    await transition(nova, releaseId, 'submit');
    expect((await ownerA(`/v1/releases/${releaseId}/reject`, { method: 'POST', body: { reason: 'Fix the cover.' } })).status).toBe(200);
    const response = await putConfig(teamA, releaseId, 'pricing-tier', { pricing_tier_code: 'budget' });
    expect(response.status).toBe(200);
    expect(response.body.release_config.pricing_tier_code).toBe('budget');
    expect(await configEvents(releaseId)).toEqual([]);
  });
});

describe('release.config.changed', () => {
  it('is not recorded for a draft: nothing has been delivered', async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify']);
    await putConfig(teamA, releaseId, 'pricing-tier', { pricing_tier_code: 'budget' });
    await override(teamA, releaseId, 'spotify', { release_date: '2027-04-01' });
    expect(await configEvents(releaseId)).toEqual([]);
  });

  it('names, after QC, the unblocked stores whose effective config actually changed, in the same commit as the change', async () => {
    const releaseId = await approvedRelease(['spotify', 'itunes']);
    // Spotify already streams by default; only iTunes moves.
    const monetization = await putConfig(teamA, releaseId, 'monetization', { monetization_policy_codes: ['subscription_streaming', 'ad_supported_streaming'] });
    expect(monetization.status).toBe(200);
    // The same again changes nothing, and is not announced.
    await putConfig(teamA, releaseId, 'monetization', { monetization_policy_codes: ['ad_supported_streaming', 'subscription_streaming'] });
    // Blocking a store announces nothing to deliver to it.
    await override(teamA, releaseId, 'itunes', { is_blocked: true });
    await putConfig(teamA, releaseId, 'territories', { territory_mode: 'exclude', territory_codes: ['CN'] });
    await override(teamA, releaseId, 'spotify', { release_date: '2027-06-01' });

    // Live stores get updates too.
    expect((await callOwner('catalogue', ReleaseOperation.markLive, releaseId, systemPrincipal(tenantA))).status).toBe(200);
    await override(teamA, releaseId, 'itunes', { is_blocked: false });

    const events = await configEvents(releaseId);
    expect(events.every((event) => event.tenant_id === tenantA.uuid)).toBe(true);
    expect(events.map((event) => event.data)).toEqual([
      { release_id: releaseId, dsps: ['itunes'], fields: ['monetization_policy_codes'] },
      { release_id: releaseId, dsps: ['spotify'], fields: ['territory_codes', 'territory_mode'] },
      { release_id: releaseId, dsps: ['spotify'], fields: ['release_date'] },
      // Unblocked: it is sent its config again (the territories set meanwhile included).
      { release_id: releaseId, dsps: ['itunes'], fields: ['is_blocked'] },
    ]);
  });
});

describe('release_config.resolved (internal, for the delivery service)', () => {
  const resolved = (releaseId: string, principal: Principal) =>
    callOwner('supply-chain', SupplyChainOperation.releaseConfigResolved, releaseId, principal);

  it('is refused to principals that are not the system (403)', async () => {
    const releaseId = await newRelease();
    const artist: Principal = {
      tenant_id: tenantA.uuid,
      tenant_slug: tenantA.slug,
      role: 'owner',
      actor: { type: 'api_key', id: 'k' },
      artist_id: null,
      roster: false,
    };
    for (const principal of [artist, { ...artist, actor: { type: 'user' as const, id: 'u' }, role: 'super_admin' as const }]) {
      const reply = await resolved(releaseId, principal);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ success: false, error: FORBIDDEN });
    }
  });

  it("answers every attached store, blocked ones included, for the system principal's tenant", async () => {
    const releaseId = await newRelease();
    await attach(releaseId, ['spotify', 'deezer']);
    await override(teamA, releaseId, 'deezer', { is_blocked: true, monetization_policy_codes: ['subscription_streaming'] });
    const reply = await resolved(releaseId, systemPrincipal(tenantA));
    expect(reply.status).toBe(200);
    const body = ResolvedConfigReply.parse(reply.body);
    expect(body).toEqual({ release_id: releaseId, stores: (await effective(teamA, releaseId)).body.effective_config.stores });
    expect(body.stores.map((store) => [store.dsp.slug, store.is_blocked, store.monetization_policy_codes])).toEqual([
      ['deezer', true, ['subscription_streaming']],
      ['spotify', false, ['subscription_streaming', 'ad_supported_streaming']],
    ]);
    // Tenant-wide whatever artist scoping the principal carries: the system acts for the tenant.
    const scoped = await resolved(releaseId, systemPrincipal(tenantA, { role: 'artist', artist_id: lyraId }));
    expect(scoped.status).toBe(200);
    // Another tenant's system principal does not see it.
    const other = await resolved(releaseId, systemPrincipal(tenantB));
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ error: 'Release not found.' });
  });
});
