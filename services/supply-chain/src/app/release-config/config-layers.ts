import type { DspOverrides, EffectiveStore, TerritoryMode } from '@sv/contracts';

/*
 * The three layers a store's effective config is resolved from: the store's registry defaults,
 * the release level, the per-DSP override. Plain data, so the resolver stays pure.
 */

/** A store as the registry defines it, with what it is sent when nothing else is set. */
export interface StoreProfile {
  dsp: EffectiveStore;
  default_monetization_policy_codes: readonly string[];
  default_pricing_tier_code: string | null;
}

/** One store of a release's selection: its registry profile, its stage, its block flag and override. */
export interface AttachedStore {
  profile: StoreProfile;
  status: string;
  is_blocked: boolean;
  overrides: DspOverrides;
}

/** The release level as stored; null is "not set". */
export interface ReleaseLevelConfig {
  monetization_policy_codes: string[] | null;
  pricing_tier_code: string | null;
  territory_mode: TerritoryMode | null;
  territory_codes: string[] | null;
}

export const UNSET_RELEASE_LEVEL: ReleaseLevelConfig = {
  monetization_policy_codes: null,
  pricing_tier_code: null,
  territory_mode: null,
  territory_codes: null,
};
