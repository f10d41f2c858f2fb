import type { ReleaseConfig, ReleaseConfigDsp } from '@sv/contracts';
import type { ConfigState } from './config-change.ts';
import type { AttachedStoreRecord } from './release-config.queries.ts';

/** One attached store with its block flag and only the override fields it sets. */
export const presentConfigDsp = (store: AttachedStoreRecord): ReleaseConfigDsp => ({
  dsp_id: store.profile.dsp.dsp_id,
  dsp_name: store.profile.dsp.name,
  slug: store.profile.dsp.slug,
  status: store.status,
  is_blocked: store.is_blocked,
  overrides: { ...store.overrides },
});

/** GET /supply-chain/releases/{uuid}: the release level as set (null: not set) and each store's override. */
export const presentReleaseConfig = (releaseId: string, state: ConfigState): ReleaseConfig => ({
  release_id: releaseId,
  monetization_policy_codes: state.level.monetization_policy_codes,
  pricing_tier_code: state.level.pricing_tier_code,
  territory_mode: state.level.territory_mode,
  territory_codes: state.level.territory_codes,
  dsps: state.stores.map(presentConfigDsp),
});
