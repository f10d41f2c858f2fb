import {
  WORLDWIDE,
  type ConfigField,
  type ConfigSource,
  type EffectiveDeal,
  type EffectiveStoreConfig,
  type MonetizationPolicyResource,
  type PricingTierResource,
  type TerritoryMode,
} from '@sv/contracts';
import { monetizationPolicyByCode } from '../catalogues/monetization-policies.ts';
import { pricingTierByCode } from '../catalogues/pricing-tiers.ts';
import type { AttachedStore, ReleaseLevelConfig } from './config-layers.ts';
import { dealTerritories } from './territory-rules.ts';

/*
 * The effective config of one store: defaults (the store's registry entry; territories
 * Worldwide include), then the release level, then the store's per-DSP override, each later
 * layer replacing the earlier for the fields it sets. Pure: no I/O, no clock.
 */

export interface ResolveContext {
  release: ReleaseLevelConfig;
  /** The catalogue's release date: the default layer of release_date (reported as source 'release'). */
  catalogueReleaseDate: string | null;
  /** The catalogues, injectable for tests; the service's own by default. */
  policyByCode?: (code: string) => MonetizationPolicyResource | undefined;
  tierByCode?: (code: string) => PricingTierResource | undefined;
}

interface Resolved<T> {
  value: T;
  source: ConfigSource;
}

/** The per-DSP value when set, else the release value when set, else the fallback. */
const layered = <T>(dsp: T | undefined, release: T | null, fallback: Resolved<T>): Resolved<T> => {
  if (dsp !== undefined) return { value: dsp, source: 'dsp' };
  if (release !== null) return { value: release, source: 'release' };
  return fallback;
};

const dealsOf = (
  policyCodes: readonly string[],
  mode: TerritoryMode,
  territoryCodes: readonly string[],
  startDate: string | null,
  tierCode: string | null,
  context: ResolveContext,
): EffectiveDeal[] => {
  const territories = dealTerritories(mode, territoryCodes);
  // A deal with no territory is no deal: the delivery plan reports the territories instead.
  if (!territories) return [];
  const policyByCode = context.policyByCode ?? monetizationPolicyByCode;
  const tier = tierCode === null ? undefined : (context.tierByCode ?? pricingTierByCode)(tierCode);
  return policyCodes.flatMap((code) => {
    const policy = policyByCode(code);
    if (!policy) return [];
    return [
      {
        policy_code: policy.code,
        commercial_model_type: policy.commercial_model_type,
        use_types: [...policy.use_types],
        territory_codes: territories.territory_codes,
        excluded_territory_codes: territories.excluded_territory_codes,
        start_date: startDate,
        price_type: policy.carries_price ? (tier?.price_code ?? null) : null,
      },
    ];
  });
};

export const resolveEffectiveConfig = (store: AttachedStore, context: ResolveContext): EffectiveStoreConfig => {
  const { overrides } = store;
  const { release } = context;
  const profile = store.profile;

  const territoryMode = layered<TerritoryMode>(overrides.territory_mode, release.territory_mode, { value: 'include', source: 'default' });
  const territoryCodes = layered<string[]>(overrides.territory_codes, release.territory_codes, { value: [WORLDWIDE], source: 'default' });
  const policies = layered<string[]>(overrides.monetization_policy_codes, release.monetization_policy_codes, {
    value: [...profile.default_monetization_policy_codes],
    source: 'default',
  });
  const tier = layered<string | null>(overrides.pricing_tier_code, release.pricing_tier_code, {
    value: profile.default_pricing_tier_code,
    source: 'default',
  });
  // The release date has no release-level setting here: the catalogue's date is the release layer.
  const releaseDate = layered<string | null>(overrides.release_date, null, { value: context.catalogueReleaseDate, source: 'release' });
  const rights = layered(overrides.rights, null, { value: null, source: 'default' });
  // Withdrawals name a release's tracks, so only a store's override can set them.
  const trackWithdrawals = layered(overrides.track_withdrawals, null, { value: [], source: 'default' });

  const sources: Record<ConfigField, ConfigSource> = {
    territory_mode: territoryMode.source,
    territory_codes: territoryCodes.source,
    monetization_policy_codes: policies.source,
    pricing_tier_code: tier.source,
    release_date: releaseDate.source,
    rights: rights.source,
    track_withdrawals: trackWithdrawals.source,
  };

  return {
    dsp: profile.dsp,
    status: store.status,
    is_blocked: store.is_blocked,
    territory_mode: territoryMode.value,
    territory_codes: [...territoryCodes.value],
    monetization_policy_codes: [...policies.value],
    pricing_tier_code: tier.value,
    release_date: releaseDate.value,
    rights: rights.value,
    track_withdrawals: trackWithdrawals.value.map((withdrawal) => ({ ...withdrawal, monetization_policy_codes: [...withdrawal.monetization_policy_codes] })),
    sources,
    deals: dealsOf(policies.value, territoryMode.value, territoryCodes.value, releaseDate.value, tier.value, context),
  };
};
