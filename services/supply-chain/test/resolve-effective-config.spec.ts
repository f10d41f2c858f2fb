import type { DspOverrides, EffectiveStore, SnapshotRightsRecord } from '@sv/contracts';
import { UNSET_RELEASE_LEVEL, type AttachedStore, type ReleaseLevelConfig } from '../src/app/release-config/config-layers.ts';
import { applyOverrideChange } from '../src/app/release-config/override-change.ts';
import { resolveEffectiveConfig, type ResolveContext } from '../src/app/release-config/resolve-effective-config.ts';

/* The pure resolver: defaults, then the release level, then the per-DSP override, field by field. */

const SPOTIFY: EffectiveStore = {
  dsp_id: 1,
  slug: 'spotify',
  name: 'Spotify',
  ddex_party_id: 'PADPIDASV000000001',
  ern_version: '4.3',
  delivery_method: 'sftp',
  delivery_type: 'audio',
};

const store = (overrides: DspOverrides = {}, extra: Partial<AttachedStore> = {}): AttachedStore => ({
  profile: {
    dsp: SPOTIFY,
    default_monetization_policy_codes: ['subscription_streaming', 'ad_supported_streaming'],
    default_pricing_tier_code: 'front_line',
  },
  status: 'pending',
  is_blocked: false,
  overrides,
  ...extra,
});

const context = (release: Partial<ReleaseLevelConfig> = {}, catalogueReleaseDate: string | null = '2027-03-05'): ResolveContext => ({
  release: { ...UNSET_RELEASE_LEVEL, ...release },
  catalogueReleaseDate,
});

const RIGHTS: SnapshotRightsRecord[] = [
  { type: 'master', holder: 'Nova Records', share: 100, territory_codes: ['GB'], start_date: null, end_date: null, p_line: null, c_line: null },
];

describe('resolveEffectiveConfig: defaults', () => {
  it('with no release settings and no override, takes every field from the store defaults and the catalogue', () => {
    const config = resolveEffectiveConfig(store(), context());
    expect(config).toEqual({
      dsp: SPOTIFY,
      status: 'pending',
      is_blocked: false,
      territory_mode: 'include',
      territory_codes: ['Worldwide'],
      monetization_policy_codes: ['subscription_streaming', 'ad_supported_streaming'],
      pricing_tier_code: 'front_line',
      release_date: '2027-03-05',
      rights: null,
      track_withdrawals: [],
      sources: {
        territory_mode: 'default',
        territory_codes: 'default',
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
          excluded_territory_codes: [],
          start_date: '2027-03-05',
          price_type: null,
        },
        {
          policy_code: 'ad_supported_streaming',
          commercial_model_type: 'AdvertisementSupportedModel',
          use_types: ['OnDemandStream'],
          territory_codes: ['Worldwide'],
          excluded_territory_codes: [],
          start_date: '2027-03-05',
          price_type: null,
        },
      ],
    });
  });

  it('keeps a null catalogue release date as null (source release) and starts deals on no date', () => {
    const config = resolveEffectiveConfig(store(), context({}, null));
    expect(config.release_date).toBeNull();
    expect(config.sources.release_date).toBe('release');
    expect(config.deals.map((deal) => deal.start_date)).toEqual([null, null]);
  });

  it("uses a store's own default tier, and none when it has none", () => {
    const noTier = store({}, { profile: { ...store().profile, default_pricing_tier_code: null } });
    expect(resolveEffectiveConfig(noTier, context()).pricing_tier_code).toBeNull();
    const budget = store({}, { profile: { ...store().profile, default_pricing_tier_code: 'budget' } });
    expect(resolveEffectiveConfig(budget, context()).pricing_tier_code).toBe('budget');
  });
});

describe('resolveEffectiveConfig: the release level', () => {
  it('overrides each default it sets, and reports the release as the source', () => {
    const config = resolveEffectiveConfig(
      store(),
      context({
        monetization_policy_codes: ['permanent_download'],
        pricing_tier_code: 'mid_price',
        territory_mode: 'include',
        territory_codes: ['DE', 'GB'],
      }),
    );
    expect(config).toMatchObject({
      territory_mode: 'include',
      territory_codes: ['DE', 'GB'],
      monetization_policy_codes: ['permanent_download'],
      pricing_tier_code: 'mid_price',
      sources: {
        territory_mode: 'release',
        territory_codes: 'release',
        monetization_policy_codes: 'release',
        pricing_tier_code: 'release',
        release_date: 'release',
        rights: 'default',
      },
    });
    expect(config.deals).toEqual([
      {
        policy_code: 'permanent_download',
        commercial_model_type: 'PayAsYouGoModel',
        use_types: ['PermanentDownload'],
        territory_codes: ['DE', 'GB'],
        excluded_territory_codes: [],
        start_date: '2027-03-05',
        price_type: 'MIDPRICE',
      },
    ]);
  });

  it('leaves the fields it does not set at their defaults', () => {
    const config = resolveEffectiveConfig(store(), context({ pricing_tier_code: 'budget' }));
    expect(config.sources).toMatchObject({ pricing_tier_code: 'release', monetization_policy_codes: 'default', territory_codes: 'default' });
    expect(config.monetization_policy_codes).toEqual(['subscription_streaming', 'ad_supported_streaming']);
    // Streams carry no price, whatever the tier.
    expect(config.deals.map((deal) => deal.price_type)).toEqual([null, null]);
  });

  it('turns exclude mode into Worldwide with the codes carved out', () => {
    const config = resolveEffectiveConfig(store(), context({ territory_mode: 'exclude', territory_codes: ['CN', 'RU'] }));
    expect(config.territory_mode).toBe('exclude');
    expect(config.deals.every((deal) => deal.territory_codes.join() === 'Worldwide' && deal.excluded_territory_codes.join() === 'CN,RU')).toBe(true);
  });

  it('treats exclude with no codes as everywhere', () => {
    const config = resolveEffectiveConfig(store(), context({ territory_mode: 'exclude', territory_codes: [] }));
    expect(config.deals[0]).toMatchObject({ territory_codes: ['Worldwide'], excluded_territory_codes: [] });
  });
});

describe('resolveEffectiveConfig: the per-DSP override', () => {
  const release = context({
    monetization_policy_codes: ['permanent_download'],
    pricing_tier_code: 'mid_price',
    territory_mode: 'exclude',
    territory_codes: ['CN'],
  });

  it('overrides the release level for every field it sets, and reports dsp as the source', () => {
    const config = resolveEffectiveConfig(
      store({
        territory_mode: 'include',
        territory_codes: ['US'],
        monetization_policy_codes: ['permanent_download', 'conditional_download'],
        pricing_tier_code: 'premium',
        release_date: '2027-04-01',
        rights: RIGHTS,
      }),
      release,
    );
    expect(config).toMatchObject({
      territory_mode: 'include',
      territory_codes: ['US'],
      monetization_policy_codes: ['permanent_download', 'conditional_download'],
      pricing_tier_code: 'premium',
      release_date: '2027-04-01',
      rights: RIGHTS,
      sources: {
        territory_mode: 'dsp',
        territory_codes: 'dsp',
        monetization_policy_codes: 'dsp',
        pricing_tier_code: 'dsp',
        release_date: 'dsp',
        rights: 'dsp',
      },
    });
    expect(config.deals).toEqual([
      {
        policy_code: 'permanent_download',
        commercial_model_type: 'PayAsYouGoModel',
        use_types: ['PermanentDownload'],
        territory_codes: ['US'],
        excluded_territory_codes: [],
        start_date: '2027-04-01',
        price_type: 'PREMIUM',
      },
      {
        policy_code: 'conditional_download',
        commercial_model_type: 'SubscriptionModel',
        use_types: ['ConditionalDownload'],
        territory_codes: ['US'],
        excluded_territory_codes: [],
        start_date: '2027-04-01',
        price_type: null,
      },
    ]);
  });

  it('overrides the defaults directly when the release sets nothing', () => {
    const config = resolveEffectiveConfig(store({ pricing_tier_code: 'budget', monetization_policy_codes: ['permanent_download'] }), context());
    expect(config.sources).toMatchObject({ pricing_tier_code: 'dsp', monetization_policy_codes: 'dsp', territory_codes: 'default' });
    expect(config.deals).toHaveLength(1);
    expect(config.deals[0]).toMatchObject({ price_type: 'BUDGET', territory_codes: ['Worldwide'] });
  });

  it('can override one half of the territories: the mode alone combines with the release codes', () => {
    const config = resolveEffectiveConfig(store({ territory_mode: 'include' }), release);
    expect(config).toMatchObject({ territory_mode: 'include', territory_codes: ['CN'] });
    expect(config.sources).toMatchObject({ territory_mode: 'dsp', territory_codes: 'release' });
    expect(config.deals[0]).toMatchObject({ territory_codes: ['CN'], excluded_territory_codes: [] });
  });

  it('gives no deal when the layers combine into no territory (exclude Worldwide)', () => {
    const config = resolveEffectiveConfig(store({ territory_mode: 'exclude' }), context());
    expect(config).toMatchObject({ territory_mode: 'exclude', territory_codes: ['Worldwide'] });
    expect(config.deals).toEqual([]);
  });

  it('gives no deal for an include list left empty', () => {
    expect(resolveEffectiveConfig(store({ territory_codes: [] }), context()).deals).toEqual([]);
  });

  it('uses its own release date for the deals of that store only', () => {
    const moved = resolveEffectiveConfig(store({ release_date: '2027-06-01' }), context());
    const other = resolveEffectiveConfig(store(), context());
    expect(moved.deals.map((deal) => deal.start_date)).toEqual(['2027-06-01', '2027-06-01']);
    expect(other.deals.map((deal) => deal.start_date)).toEqual(['2027-03-05', '2027-03-05']);
  });

  it('replaces the catalogue rights with its own records; without them rights stay null', () => {
    expect(resolveEffectiveConfig(store({ rights: RIGHTS }), context()).rights).toEqual(RIGHTS);
    expect(resolveEffectiveConfig(store({ rights: [] }), context())).toMatchObject({ rights: [], sources: { rights: 'dsp' } });
    expect(resolveEffectiveConfig(store(), context()).rights).toBeNull();
  });

  it('once a field is cleared from the override, the release level applies to it again', () => {
    const stored: DspOverrides = { pricing_tier_code: 'premium', release_date: '2027-04-01' };
    expect(resolveEffectiveConfig(store(stored), release).pricing_tier_code).toBe('premium');
    const config = resolveEffectiveConfig(store(applyOverrideChange(stored, { pricing_tier_code: null })), release);
    expect(config).toMatchObject({ pricing_tier_code: 'mid_price', release_date: '2027-04-01' });
    expect(config.sources).toMatchObject({ pricing_tier_code: 'release', release_date: 'dsp' });
  });
});

describe('resolveEffectiveConfig: stores and catalogues', () => {
  it('resolves a blocked store like any other and says it is blocked', () => {
    const blocked = resolveEffectiveConfig(store({}, { is_blocked: true, status: 'live' }), context());
    const open = resolveEffectiveConfig(store(), context());
    expect(blocked).toMatchObject({ is_blocked: true, status: 'live' });
    expect(blocked.deals).toEqual(open.deals);
  });

  it('skips a policy the catalogue does not know (no deal can be written for it)', () => {
    const config = resolveEffectiveConfig(store({ monetization_policy_codes: ['retired_policy', 'subscription_streaming'] }), context());
    expect(config.monetization_policy_codes).toEqual(['retired_policy', 'subscription_streaming']);
    expect(config.deals.map((deal) => deal.policy_code)).toEqual(['subscription_streaming']);
  });

  it('writes no price code when the tier is unknown to the catalogue', () => {
    const config = resolveEffectiveConfig(store({ monetization_policy_codes: ['permanent_download'], pricing_tier_code: 'gone' }), context());
    expect(config.deals[0]?.price_type).toBeNull();
  });

  it('reads the catalogues it is given', () => {
    const config = resolveEffectiveConfig(store({ monetization_policy_codes: ['x'], pricing_tier_code: 't' }), {
      ...context(),
      policyByCode: (code) =>
        code === 'x'
          ? { code: 'x', name: 'X', description: '', commercial_model_type: 'PayAsYouGoModel', use_types: ['Download'], carries_price: true }
          : undefined,
      tierByCode: (code) => (code === 't' ? { code: 't', name: 'T', description: '', price_code: 'TIER_T', price_information_type: 'StandardRetailPrice' } : undefined),
    });
    expect(config.deals).toEqual([expect.objectContaining({ policy_code: 'x', use_types: ['Download'], price_type: 'TIER_T' })]);
  });

  it('never shares arrays with its inputs (a caller may change the result freely)', () => {
    const input = store({ territory_codes: ['GB'] });
    const config = resolveEffectiveConfig(input, context());
    config.territory_codes.push('US');
    config.monetization_policy_codes.push('x');
    expect(input.overrides.territory_codes).toEqual(['GB']);
    expect(input.profile.default_monetization_policy_codes).toEqual(['subscription_streaming', 'ad_supported_streaming']);
  });
});
