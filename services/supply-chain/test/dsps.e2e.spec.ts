import { apiClient, startPlatform, type TestPlatform } from '@sv/testing';

/*
 * The supply-chain catalogues through the real gateway, supply-chain running as its own process:
 * GET /supply-chain/dsps (the registry synced at start-up) and GET /supply-chain/territories.
 */

type Api = ReturnType<typeof apiClient>;

const DSP_FIELDS = [
  'dsp_id',
  'slug',
  'name',
  'delivery_method',
  'ern_version',
  'certification_level',
  'ddex_party_id',
  'logo_url',
  'website_url',
  'delivery_type',
  'is_active',
  'lead_time_days',
  'lead_time_source',
  'onboarding_series',
].sort();

/** The spec: "55 active destinations exist". */
const ACTIVE_DESTINATIONS = 55;
/** ISO 3166-1 has 249 officially assigned alpha-2 codes. */
const ASSIGNED_TERRITORY_CODES = 249;

let platform: TestPlatform;
let api: Api;

beforeAll(async () => {
  platform = await startPlatform({ catalogue: false, supplyChain: true });
  const tenant = await platform.admin('tenant', 'create', '--slug', 'sc-dsps', '--name', 'Label sc-dsps');
  if (tenant.code !== 0) throw new Error(tenant.stderr);
  // The lowest role of all: the catalogues are readable by every key.
  const key = await platform.admin('key', 'create', '--tenant', 'sc-dsps', '--role', 'team');
  if (key.code !== 0) throw new Error(key.stderr);
  api = apiClient(platform.baseUrl, String(key.json.key));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
}, 180_000);

describe('GET /supply-chain/dsps', () => {
  it('lists the 55 active destinations by name, each with every field', async () => {
    const response = await api('/v1/supply-chain/dsps');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['dsps']);
    const dsps: Record<string, any>[] = response.body.dsps;
    expect(dsps).toHaveLength(ACTIVE_DESTINATIONS);
    for (const dsp of dsps) expect(Object.keys(dsp).sort()).toEqual(DSP_FIELDS);
    const names = dsps.map((dsp) => String(dsp.name).toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(dsps.every((dsp) => dsp.is_active === true)).toBe(true);
    const slugs = new Set(dsps.map((dsp) => dsp.slug));
    expect(slugs.size).toBe(ACTIVE_DESTINATIONS);
    for (const slug of ['spotify', 'apple_music', 'amazon_music', 'youtube_music', 'deezer', 'tidal', 'tiktok', 'audiomack', 'soundcloud', 'boomplay']) {
      expect([slug, slugs.has(slug)]).toEqual([slug, true]);
    }
  });

  it('shows each destination as the registry defines it, with no logo until one is published, its lead times and its onboarding series', async () => {
    const { body } = await api('/supply-chain/dsps');
    const spotify = body.dsps.find((dsp: { slug: string }) => dsp.slug === 'spotify');
    expect(spotify).toEqual({
      dsp_id: 1,
      slug: 'spotify',
      name: 'Spotify',
      delivery_method: 'sftp',
      ern_version: '4.3',
      certification_level: 'ddex_certified',
      ddex_party_id: 'PADPIDASV000000001',
      logo_url: null,
      website_url: 'https://www.spotify.com',
      delivery_type: 'audio',
      is_active: true,
      lead_time_days: { new_release: 5, update: 2 },
      lead_time_source: 'published',
      onboarding_series: ['new_release', 'territories_change', 'release_date_change', 'track_streaming_withdrawal', 'takedown'],
    });
    const bySlug = new Map(body.dsps.map((dsp: { slug: string }) => [dsp.slug, dsp]));
    const pinned = [
      { dsp_id: 2, slug: 'apple_music', name: 'Apple Music', website_url: 'https://www.apple.com/apple-music/', delivery_type: 'audio_video' },
      { dsp_id: 7, slug: 'deezer', name: 'Deezer', website_url: 'https://www.deezer.com', delivery_type: 'audio' },
      { dsp_id: 8, slug: 'tidal', name: 'TIDAL', website_url: 'https://tidal.com', delivery_type: 'audio_video' },
      { dsp_id: 12, slug: 'tiktok', name: 'TikTok', website_url: 'https://www.tiktok.com', delivery_type: 'audio' },
      { dsp_id: 30, slug: '7digital', name: '7digital', website_url: 'https://www.7digital.com', delivery_type: 'audio' },
      { dsp_id: 55, slug: 'hdtracks', name: 'HDtracks', website_url: 'https://www.hdtracks.com', delivery_type: 'audio' },
    ];
    for (const expected of pinned) {
      expect(bySlug.get(expected.slug)).toMatchObject({
        ...expected,
        ddex_party_id: `PADPIDASV${String(expected.dsp_id).padStart(9, '0')}`,
        logo_url: null,
        is_active: true,
        lead_time_days: { new_release: 7, update: 2 },
        lead_time_source: 'default',
        onboarding_series: null,
      });
    }
  });

  it('leaves retired destinations out', async () => {
    const { body } = await api('/v1/supply-chain/dsps');
    const slugs = body.dsps.map((dsp: { slug: string }) => dsp.slug);
    expect(slugs).not.toContain('resso');
    expect(slugs).not.toContain('google_play_music');
  });

  it('filters by delivery_type', async () => {
    const video = await api('/v1/supply-chain/dsps?delivery_type=audio_video');
    expect(video.status).toBe(200);
    expect(video.body.dsps.map((dsp: { slug: string }) => dsp.slug)).toEqual([
      'apple_music',
      'tidal',
      'youtube_content_id',
      'youtube_music',
    ]);
    const audio = await api('/v1/supply-chain/dsps?delivery_type=audio');
    expect(audio.body.dsps).toHaveLength(51);
    expect(audio.body.dsps.every((dsp: { delivery_type: string }) => dsp.delivery_type === 'audio')).toBe(true);
  });

  it('refuses an unknown delivery_type with 422', async () => {
    const response = await api('/v1/supply-chain/dsps?delivery_type=vinyl');
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, error: 'Validation failed' });
    expect(Object.keys(response.body.errors)).toEqual(['delivery_type']);
  });

  it('needs a key', async () => {
    const response = await apiClient(platform.baseUrl)('/v1/supply-chain/dsps');
    expect(response.status).toBe(401);
  });
});

describe('GET /supply-chain/territories', () => {
  it('lists every ISO 3166-1 alpha-2 territory with its English name', async () => {
    const response = await api('/v1/supply-chain/territories');
    expect(response.status).toBe(200);
    const territories: { code: string; name: string }[] = response.body.territories;
    expect(territories).toHaveLength(ASSIGNED_TERRITORY_CODES);
    const codes = territories.map((territory) => territory.code);
    expect(new Set(codes).size).toBe(ASSIGNED_TERRITORY_CODES);
    expect(codes).toEqual([...codes].sort());
    expect([codes[0], codes.at(-1)]).toEqual(['AD', 'ZW']);
    for (const code of ['SS', 'CW', 'SX', 'BQ']) expect(codes).toContain(code);
    for (const code of ['AN', 'UK', 'XK']) expect(codes).not.toContain(code);
    expect(territories.find((territory) => territory.code === 'US')).toEqual({ code: 'US', name: 'United States' });
    expect(territories.find((territory) => territory.code === 'JP')).toEqual({ code: 'JP', name: 'Japan' });
  });
});
