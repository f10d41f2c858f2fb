import type { EffectiveStoreConfig } from '@sv/contracts';

/** Deezer over SFTP, worldwide subscription streaming from the release date: a store delivery tests send to. */
export const deezerStoreConfig = (overrides: Partial<EffectiveStoreConfig> = {}): EffectiveStoreConfig => ({
  dsp: { dsp_id: 7, slug: 'deezer', name: 'Deezer', ddex_party_id: 'PADPIDASV000000007', ern_version: '4.3', delivery_method: 'sftp', delivery_type: 'audio' },
  status: 'submitted',
  is_blocked: false,
  territory_mode: 'include',
  territory_codes: ['Worldwide'],
  monetization_policy_codes: ['subscription_streaming'],
  pricing_tier_code: 'front_line',
  release_date: '2027-03-05',
  rights: null,
  track_withdrawals: [],
  sources: { territory_mode: 'default', territory_codes: 'default', monetization_policy_codes: 'default', pricing_tier_code: 'default', release_date: 'release', rights: 'default', track_withdrawals: 'default' },
  deals: [
    { policy_code: 'subscription_streaming', commercial_model_type: 'SubscriptionModel', use_types: ['OnDemandStream'], territory_codes: ['Worldwide'], excluded_territory_codes: [], start_date: '2027-03-05', price_type: null },
  ],
  ...overrides,
});
