import type { EffectiveStore } from '@sv/contracts';
import { configDifference, type ConfigState } from '../src/app/release-config/config-change.ts';
import { UNSET_RELEASE_LEVEL, type AttachedStore, type ReleaseLevelConfig } from '../src/app/release-config/config-layers.ts';
import type { AttachedStoreRecord } from '../src/app/release-config/release-config.queries.ts';
import { resolveEffectiveConfig } from '../src/app/release-config/resolve-effective-config.ts';

/* Which stores a settings change concerns: release.config.changed names only those whose effective config moved. */

const dsp = (dsp_id: number, slug: string): EffectiveStore => ({
  dsp_id,
  slug,
  name: slug,
  ddex_party_id: `PADPIDASV${String(dsp_id).padStart(9, '0')}`,
  ern_version: '4.3',
  delivery_method: 'sftp',
  delivery_type: 'audio',
});

const store = (dsp_id: number, slug: string, defaults: string[], extra: Partial<AttachedStore> = {}): AttachedStoreRecord => ({
  releaseDspId: `row-${dsp_id}`,
  profile: { dsp: dsp(dsp_id, slug), default_monetization_policy_codes: defaults, default_pricing_tier_code: 'front_line' },
  status: 'live',
  is_blocked: false,
  overrides: {},
  ...extra,
});

const state = (stores: AttachedStoreRecord[], level: Partial<ReleaseLevelConfig> = {}, date = '2027-03-05'): ConfigState => {
  const release = { ...UNSET_RELEASE_LEVEL, ...level };
  return { level: release, stores, effective: stores.map((s) => resolveEffectiveConfig(s, { release, catalogueReleaseDate: date })) };
};

const spotify = store(1, 'spotify', ['subscription_streaming', 'ad_supported_streaming']);
const itunes = store(3, 'itunes', ['permanent_download']);

describe('configDifference', () => {
  it('names nothing when nothing a store receives changed', () => {
    expect(configDifference(state([spotify, itunes]), state([spotify, itunes]))).toEqual({ dsps: [], fields: [] });
  });

  it('ignores a change of source that keeps the value (the release level setting the default again)', () => {
    const after = state([spotify, itunes], { territory_mode: 'include', territory_codes: ['Worldwide'] });
    expect(configDifference(state([spotify, itunes]), after)).toEqual({ dsps: [], fields: [] });
  });

  it('names only the stores whose effective config changed, with the fields', () => {
    // Spotify's defaults already are these policies; iTunes moves from downloads to streams.
    const after = state([spotify, itunes], { monetization_policy_codes: ['subscription_streaming', 'ad_supported_streaming'] });
    expect(configDifference(state([spotify, itunes]), after)).toEqual({ dsps: ['itunes'], fields: ['monetization_policy_codes'] });
  });

  it('counts a changed value even where the message would price nothing (the tier of a streaming store)', () => {
    const after = state([spotify], { pricing_tier_code: 'budget' });
    expect(configDifference(state([spotify]), after)).toEqual({ dsps: ['spotify'], fields: ['pricing_tier_code'] });
  });

  it('names every store a release-wide change reaches', () => {
    const after = state([spotify, itunes], { territory_mode: 'exclude', territory_codes: ['CN'] });
    expect(configDifference(state([spotify, itunes]), after)).toEqual({ dsps: ['spotify', 'itunes'], fields: ['territory_codes', 'territory_mode'] });
  });

  it('leaves blocked stores out, and names a store unblocked by the change', () => {
    const blocked = { ...spotify, is_blocked: true };
    expect(configDifference(state([spotify]), state([blocked]))).toEqual({ dsps: [], fields: [] });
    expect(configDifference(state([blocked]), state([spotify]))).toEqual({ dsps: ['spotify'], fields: ['is_blocked'] });
    expect(configDifference(state([blocked]), state([blocked], { pricing_tier_code: 'budget', territory_codes: ['GB'] }))).toEqual({ dsps: [], fields: [] });
  });

  it('names a store whose own override changed, and not the others', () => {
    const moved = { ...itunes, overrides: { release_date: '2027-04-01' } };
    expect(configDifference(state([spotify, itunes]), state([spotify, moved]))).toEqual({ dsps: ['itunes'], fields: ['release_date'] });
  });

  it('does not count a change of stage as a change of config', () => {
    expect(configDifference(state([spotify]), state([{ ...spotify, status: 'updated' }]))).toEqual({ dsps: [], fields: [] });
  });
});
