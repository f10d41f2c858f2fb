import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryPlan, EffectiveStoreConfig, Principal, ReleaseConfig, ResolvedConfigReply, TerritoryMode } from '@sv/contracts';
import { ValidationError } from '@sv/platform';
import { findVisibleRelease, isUuid } from '../release-dsps/release-access.ts';
import { ReleaseNotFoundError } from '../release-dsps/release-dsps.errors.ts';
import type { ReleaseLevelConfig } from './config-layers.ts';
import { changeReleaseConfig, readConfigState, type ConfigState, type ReleaseConfigDeps } from './config-change.ts';
import { validPolicyCodes, validTerritoryCodes, validTierCode } from './config-validation.ts';
import { buildDeliveryPlan } from './delivery-plan.ts';
import type { ReleaseSnapshotPort } from './ports.ts';
import { presentReleaseConfig } from './release-config.presenter.ts';
import { territoryPairErrors } from './territory-rules.ts';

/** Writes the release level: the fields in `patch` replace the stored ones, the others stay. */
const writeReleaseLevel = async (tx: EntityManager, tenantId: string, releaseId: string, state: ConfigState, patch: Partial<ReleaseLevelConfig>) => {
  const level = { ...state.level, ...patch };
  const json = (value: string[] | null) => (value === null ? null : JSON.stringify(value));
  await tx.execute(
    `insert into "supply_chain"."release_config" ("tenant_id", "release_id", "monetization_policy_codes", "pricing_tier_code",
       "territory_mode", "territory_codes", "created_at", "updated_at")
     values (?, ?, ?::jsonb, ?, ?, ?::jsonb, now(), now())
     on conflict ("tenant_id", "release_id") do update set
       "monetization_policy_codes" = excluded."monetization_policy_codes", "pricing_tier_code" = excluded."pricing_tier_code",
       "territory_mode" = excluded."territory_mode", "territory_codes" = excluded."territory_codes", "updated_at" = now()`,
    [tenantId, releaseId, json(level.monetization_policy_codes), level.pricing_tier_code, level.territory_mode, json(level.territory_codes)],
  );
};

const setReleaseLevel = (deps: ReleaseConfigDeps, principal: Principal, releaseId: string, patch: Partial<ReleaseLevelConfig>): Promise<ReleaseConfig> =>
  changeReleaseConfig(
    deps,
    principal,
    releaseId,
    (tx, state) => writeReleaseLevel(tx, principal.tenant_id, releaseId, state, patch),
    (state) => presentReleaseConfig(releaseId, state),
  );

/** GET /supply-chain/releases/{uuid}. */
export const getReleaseConfig = async (deps: ReleaseConfigDeps, principal: Principal, releaseId: string): Promise<ReleaseConfig> => {
  const release = await findVisibleRelease(deps.releases, principal, releaseId);
  return presentReleaseConfig(releaseId, await readConfigState(deps.em, principal.tenant_id, releaseId, release.release_date ?? null));
};

/** PUT …/monetization: the release's monetization policies (known codes, each once). */
export const setMonetization = (deps: ReleaseConfigDeps, principal: Principal, releaseId: string, codes: readonly string[]) =>
  setReleaseLevel(deps, principal, releaseId, { monetization_policy_codes: validPolicyCodes(codes) });

/** PUT …/pricing-tier. */
export const setPricingTier = (deps: ReleaseConfigDeps, principal: Principal, releaseId: string, code: string) =>
  setReleaseLevel(deps, principal, releaseId, { pricing_tier_code: validTierCode(code) });

/** PUT …/territories: mode and codes together, by the territory rules. */
export const setTerritories = (deps: ReleaseConfigDeps, principal: Principal, releaseId: string, mode: TerritoryMode, codes: readonly string[]) => {
  const territoryCodes = validTerritoryCodes(codes);
  const pairErrors = territoryPairErrors(mode, territoryCodes);
  if (Object.keys(pairErrors).length > 0) throw new ValidationError(pairErrors);
  return setReleaseLevel(deps, principal, releaseId, { territory_mode: mode, territory_codes: territoryCodes });
};

/** GET …/effective-config: every attached store's effective config, blocked ones included. */
export const effectiveConfig = async (
  deps: ReleaseConfigDeps,
  principal: Principal,
  releaseId: string,
): Promise<{ release_id: string; stores: EffectiveStoreConfig[] }> => {
  const release = await findVisibleRelease(deps.releases, principal, releaseId);
  const state = await readConfigState(deps.em, principal.tenant_id, releaseId, release.release_date ?? null);
  return { release_id: releaseId, stores: state.effective };
};

/**
 * Internal `release_config.resolved` for the delivery service. A system principal acts for its
 * whole tenant, so the catalogue is asked with tenant-wide visibility (roster access: any artist
 * of the tenant), never one artist's, and with its role unchanged.
 */
export const resolvedConfig = (deps: ReleaseConfigDeps, principal: Principal, releaseId: string): Promise<ResolvedConfigReply> =>
  effectiveConfig(deps, { ...principal, artist_id: null, roster: true }, releaseId);

export interface DeliveryPlanDeps extends ReleaseConfigDeps {
  snapshots: ReleaseSnapshotPort;
}

/** GET …/delivery-plan: each store's plan and what would stop or weaken the delivery. */
export const deliveryPlan = async (deps: DeliveryPlanDeps, principal: Principal, releaseId: string, today: string): Promise<DeliveryPlan> => {
  if (!isUuid(releaseId)) throw new ReleaseNotFoundError();
  const release = await deps.snapshots.snapshot(principal, releaseId);
  if (!release) throw new ReleaseNotFoundError();
  const state = await readConfigState(deps.em, principal.tenant_id, releaseId, release.release_date);
  return buildDeliveryPlan(
    release,
    state.stores.map((store, index) => ({ profile: store.profile, config: state.effective[index] as EffectiveStoreConfig })),
    today,
  );
};
