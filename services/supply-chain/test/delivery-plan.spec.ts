import type { EffectiveStore, ReleaseSnapshot, TrackSnapshot } from '@sv/contracts';
import { audioSnapshot, releaseSnapshot, trackSnapshot } from '@sv/testing';
import { UNSET_RELEASE_LEVEL, type AttachedStore, type ReleaseLevelConfig } from '../src/app/release-config/config-layers.ts';
import { buildDeliveryPlan, type PlannedStore } from '../src/app/release-config/delivery-plan.ts';
import { resolveEffectiveConfig } from '../src/app/release-config/resolve-effective-config.ts';

/* Readiness: the problems of the release and of each store, and when the plan is ready. */

const TODAY = '2027-01-15';
const RELEASE_ID = '8a1c6f5e-2b7d-4c39-9e0a-1f2d3c4b5a69';

const track = (position: number, extra: Partial<TrackSnapshot> = {}): TrackSnapshot =>
  trackSnapshot({ isrc: `QZES72700${String(position).padStart(3, '0')}`, position, audio: audioSnapshot(position), ...extra });

const complete = (extra: Partial<ReleaseSnapshot> = {}): ReleaseSnapshot => releaseSnapshot({ uuid: RELEASE_ID, tracks: [track(1)], ...extra });


const dsp = (dsp_id: number, slug: string, name: string, extra: Partial<EffectiveStore> = {}): EffectiveStore => ({
  dsp_id,
  slug,
  name,
  ddex_party_id: `PADPIDASV${String(dsp_id).padStart(9, '0')}`,
  ern_version: '4.3',
  delivery_method: 'sftp',
  delivery_type: 'audio',
  ...extra,
});

const attached = (store: EffectiveStore, defaults: string[], extra: Partial<AttachedStore> = {}): AttachedStore => ({
  profile: { dsp: store, default_monetization_policy_codes: defaults, default_pricing_tier_code: 'front_line' },
  status: 'pending',
  is_blocked: false,
  overrides: {},
  ...extra,
});

const SPOTIFY = attached(dsp(1, 'spotify', 'Spotify'), ['subscription_streaming', 'ad_supported_streaming']);
const ITUNES = attached(dsp(3, 'itunes', 'iTunes', { delivery_method: 'aspera' }), ['permanent_download']);
const NAPSTER = attached(dsp(14, 'napster', 'Napster', { ern_version: '3.8.2' }), ['subscription_streaming']);

const plan = (release: ReleaseSnapshot, stores: AttachedStore[], level: Partial<ReleaseLevelConfig> = {}) => {
  const planned: PlannedStore[] = stores.map((store) => ({
    profile: store.profile,
    config: resolveEffectiveConfig(store, { release: { ...UNSET_RELEASE_LEVEL, ...level }, catalogueReleaseDate: release.release_date }),
  }));
  return buildDeliveryPlan(release, planned, TODAY);
};

const codes = (problems: { code: string }[]) => problems.map((problem) => problem.code);

describe('the delivery plan of a complete release', () => {
  it('is ready, with each store its transport, ERN version, deals and no problem', () => {
    const result = plan(complete(), [SPOTIFY, ITUNES]);
    expect(result.ready).toBe(true);
    expect(result.release_id).toBe(RELEASE_ID);
    expect(result.problems).toEqual([]);
    expect(result.stores.map((store) => [store.dsp.slug, store.transport, store.ern_version, store.ready, store.problems])).toEqual([
      ['spotify', 'sftp', '4.3', true, []],
      ['itunes', 'aspera', '4.3', true, []],
    ]);
    const itunes = result.stores[1];
    expect(itunes?.deals).toEqual(itunes?.effective_config.deals);
    expect(itunes?.deals).toEqual([expect.objectContaining({ policy_code: 'permanent_download', price_type: 'FRONTLINE' })]);
  });
});

describe('release-wide problems', () => {
  it('lists everything an empty release lacks, each with its code, field and severity error', () => {
    const empty = complete({ tracks: [], artwork: null, release_date: null, upc: '', genre: ' ', artist: null });
    const result = plan(empty, []);
    expect(result.ready).toBe(false);
    expect(result.problems).toEqual([
      { severity: 'error', code: 'dsps_missing', message: 'No stores are attached to this release: attach at least one with POST /releases/{uuid}/dsps.', field: 'dsps' },
      { severity: 'error', code: 'tracks_missing', message: 'The release has no tracks.', field: 'tracks' },
      { severity: 'error', code: 'artwork_missing', message: 'The release has no artwork.', field: 'artwork_url' },
      { severity: 'error', code: 'release_date_missing', message: 'The release has no release date.', field: 'release_date' },
      { severity: 'error', code: 'upc_missing', message: 'The release has no UPC.', field: 'upc' },
      { severity: 'error', code: 'genre_missing', message: 'The release has no genre.', field: 'genre' },
      { severity: 'error', code: 'display_artist_missing', message: 'The release has no display artist.', field: 'artist_id' },
    ]);
  });

  it('names each track without audio or ISRC by its place in the list', () => {
    const result = plan(complete({ tracks: [track(1), track(2, { audio: null }), track(3, { isrc: '' })] }), [SPOTIFY]);
    expect(result.problems).toEqual([
      { severity: 'error', code: 'audio_missing', message: "Track 2 ('Song 2') has no audio.", field: 'tracks[1].audio' },
      { severity: 'error', code: 'isrc_missing', message: "Track 3 ('Song 3') has no ISRC.", field: 'tracks[2].isrc' },
    ]);
    expect(result.ready).toBe(false);
  });

  it('counts an artist with a blank name as no display artist', () => {
    expect(codes(plan(complete({ artist: { uuid: '4e3d2c1b-0a9f-4e8d-9c7b-6a5948372615', name: '  ' } }), [SPOTIFY]).problems)).toEqual([
      'display_artist_missing',
    ]);
  });

  it('is an error when every attached store is blocked: nothing would be delivered', () => {
    const result = plan(complete(), [{ ...SPOTIFY, is_blocked: true }]);
    expect(codes(result.problems)).toEqual(['all_dsps_blocked']);
    expect(result.ready).toBe(false);
  });
});

describe('store problems', () => {
  it('warns that a blocked store will be skipped, and its errors do not hold the release up', () => {
    const blocked = { ...ITUNES, is_blocked: true, overrides: { territory_codes: [] } };
    const result = plan(complete(), [SPOTIFY, blocked]);
    const itunes = result.stores.find((store) => store.dsp.slug === 'itunes');
    expect(itunes?.is_blocked).toBe(true);
    expect(itunes?.problems.map((problem) => [problem.severity, problem.code])).toEqual([
      ['warning', 'dsp_blocked'],
      ['error', 'territories_empty'],
    ]);
    expect(itunes?.ready).toBe(false);
    expect(result.ready).toBe(true);
  });

  it('is an error when the territories leave nothing, for an unblocked store (not ready)', () => {
    const result = plan(complete(), [SPOTIFY], { territory_mode: 'exclude', territory_codes: ['Worldwide'] });
    expect(result.stores[0]?.problems).toEqual([
      { severity: 'error', code: 'territories_empty', message: 'The territories for Spotify leave no territory to deliver to.', field: 'territory_codes' },
    ]);
    expect(result.stores[0]?.deals).toEqual([]);
    expect(result.ready).toBe(false);
  });

  it('is an error when no known policy leaves a deal', () => {
    const result = plan(complete(), [{ ...SPOTIFY, overrides: { monetization_policy_codes: ['retired_policy'] } }]);
    expect(codes(result.stores[0]?.problems ?? [])).toEqual(['deals_missing', 'policy_not_default']);
    expect(result.ready).toBe(false);
  });

  it("warns about a policy outside the store's defaults, without holding it up", () => {
    const result = plan(complete(), [SPOTIFY], { monetization_policy_codes: ['subscription_streaming', 'permanent_download'] });
    expect(result.stores[0]?.problems).toEqual([
      {
        severity: 'warning',
        code: 'policy_not_default',
        message: "Spotify does not take permanent_download by default: make sure its agreement covers it, or override the store's monetization.",
        field: 'monetization_policy_codes',
      },
    ]);
    expect(result.stores[0]?.ready).toBe(true);
    expect(result.ready).toBe(true);
  });

  it('warns about a release date in the past for a store not delivered yet, and only then', () => {
    const past = complete({ release_date: '2026-12-01' });
    const pending = plan(past, [SPOTIFY]).stores[0];
    expect(codes(pending?.problems ?? [])).toEqual(['release_date_past']);
    expect(pending?.problems[0]?.message).toContain('2026-12-01');
    expect(codes(plan(past, [{ ...SPOTIFY, status: 'live' }]).stores[0]?.problems ?? [])).toEqual([]);
    // Today is not past (the lead time, long missed, is the lead_time warning's to report).
    expect(codes(plan(complete({ release_date: TODAY }), [SPOTIFY]).stores[0]?.problems ?? [])).toEqual(['lead_time']);
    // A per-DSP date counts for that store.
    expect(codes(plan(complete(), [{ ...SPOTIFY, overrides: { release_date: '2027-01-14' } }]).stores[0]?.problems ?? [])).toEqual(['release_date_past']);
  });

  it('takes a store registered for ERN 3.8.2 or 4.2 as it is, and warns about a version the platform does not write', () => {
    const napster = plan(complete(), [NAPSTER]).stores[0];
    expect(napster?.problems).toEqual([]);
    const legacy = attached(dsp(14, 'napster', 'Napster', { ern_version: '3.7' }), ['subscription_streaming']);
    expect(plan(complete(), [legacy]).stores[0]?.problems).toEqual([
      { severity: 'warning', code: 'ern_version_mismatch', message: 'Napster is registered for ERN 3.7, which the platform does not write.', field: null },
    ]);
  });
});
