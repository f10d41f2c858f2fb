import { addCalendarDays, leadTimeDeadline, type EffectiveStoreConfig } from '@sv/contracts';
import { DEFAULT_LEAD_TIME_DAYS, DSP_REGISTRY } from '../src/app/dsps/registry/dsp-registry.ts';
import { storeLeadTime } from '../src/app/release-config/lead-time.ts';

/* Lead times: the registry's figures, the deliver-by day they set, and the plan's warning. */

const SPOTIFY_LEAD = { new_release: 5, update: 2 };

describe('the deliver-by day', () => {
  it('counts calendar days in UTC, across months, years and leap days', () => {
    expect(addCalendarDays('2026-12-08', -5)).toBe('2026-12-03');
    expect(addCalendarDays('2027-01-03', -5)).toBe('2026-12-29');
    expect(addCalendarDays('2028-03-02', -2)).toBe('2028-02-29');
    // The last Sunday of March: a local clock skips an hour, a UTC date does not.
    expect(addCalendarDays('2027-03-30', -2)).toBe('2027-03-28');
  });

  it('is the release date less the new-release lead time, late once today is after it', () => {
    expect(leadTimeDeadline('2026-12-08', 'new_release', SPOTIFY_LEAD, '2026-12-03')).toEqual({ deliver_by: '2026-12-03', late: false });
    expect(leadTimeDeadline('2026-12-08', 'new_release', SPOTIFY_LEAD, '2026-12-04')).toEqual({ deliver_by: '2026-12-03', late: true });
  });

  it('uses the update lead time for an update, and has no day to meet once the release date has passed', () => {
    expect(leadTimeDeadline('2026-12-08', 'update', SPOTIFY_LEAD, '2026-12-07')).toEqual({ deliver_by: '2026-12-06', late: true });
    expect(leadTimeDeadline('2026-12-08', 'update', SPOTIFY_LEAD, '2026-12-09')).toBeNull();
    // A new release still has its day (long missed) after its date.
    expect(leadTimeDeadline('2026-12-08', 'new_release', SPOTIFY_LEAD, '2026-12-09')).toEqual({ deliver_by: '2026-12-03', late: true });
  });

  it('has none without a release date', () => {
    expect(leadTimeDeadline(null, 'new_release', SPOTIFY_LEAD, '2026-12-01')).toBeNull();
    expect(leadTimeDeadline('not a date', 'new_release', SPOTIFY_LEAD, '2026-12-01')).toBeNull();
  });
});

describe('the registry’s lead times', () => {
  it('gives Spotify its published five days for a new release and two for an update', () => {
    const spotify = DSP_REGISTRY.find((dsp) => dsp.slug === 'spotify');
    expect(spotify).toMatchObject({ lead_time_days: SPOTIFY_LEAD, lead_time_source: 'published' });
  });

  it('gives every other store the documented default, marked as such', () => {
    const others = DSP_REGISTRY.filter((dsp) => dsp.slug !== 'spotify');
    expect(others.length).toBeGreaterThan(50);
    for (const dsp of others) expect(dsp).toMatchObject({ lead_time_days: DEFAULT_LEAD_TIME_DAYS, lead_time_source: 'default' });
  });
});

const config = (extra: Partial<EffectiveStoreConfig> = {}): EffectiveStoreConfig => ({
  dsp: {
    dsp_id: 1,
    slug: 'spotify',
    name: 'Spotify',
    ddex_party_id: 'PADPIDASV000000001',
    ern_version: '4.3',
    delivery_method: 'sftp',
    delivery_type: 'audio',
    lead_time_days: SPOTIFY_LEAD,
  },
  status: 'pending',
  is_blocked: false,
  territory_mode: 'include',
  territory_codes: ['Worldwide'],
  monetization_policy_codes: ['subscription_streaming'],
  pricing_tier_code: null,
  release_date: '2026-12-08',
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
  deals: [],
  ...extra,
});

describe('a store’s lead time in the delivery plan', () => {
  it('warns with the deliver-by day once it is missed', () => {
    expect(storeLeadTime(config(), '2026-12-06')).toEqual({
      lead_time_days: SPOTIFY_LEAD,
      deliver_by: '2026-12-03',
      problem: {
        severity: 'warning',
        code: 'lead_time',
        message: 'Spotify asks for new releases 5 days before release: deliver by 2026-12-03.',
        field: 'release_date',
      },
    });
  });

  it('does not warn on the deliver-by day itself, nor for a blocked store, nor once the date has passed', () => {
    expect(storeLeadTime(config(), '2026-12-03').problem).toBeNull();
    expect(storeLeadTime(config({ is_blocked: true }), '2026-12-06').problem).toBeNull();
    expect(storeLeadTime(config(), '2026-12-09').problem).toBeNull();
  });

  it('takes the update lead time for a store already delivered', () => {
    const live = storeLeadTime(config({ status: 'submitted' }), '2026-12-07');
    expect(live.deliver_by).toBe('2026-12-06');
    expect(live.problem?.message).toBe('Spotify asks for updates 2 days before they are to show: deliver by 2026-12-06.');
  });

  it('falls back to the default lead time for a store the reply carries none for', () => {
    const { lead_time_days: _lead, ...dsp } = config().dsp;
    expect(storeLeadTime(config({ dsp }), '2026-11-20')).toMatchObject({ lead_time_days: DEFAULT_LEAD_TIME_DAYS, deliver_by: '2026-12-01', problem: null });
  });
});
