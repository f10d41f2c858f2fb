import type { EntityManager } from '@mikro-orm/postgresql';
import type { DspOverrides, TerritoryMode } from '@sv/contracts';
import { UNSET_RELEASE_LEVEL, type AttachedStore, type ReleaseLevelConfig } from './config-layers.ts';

interface ReleaseLevelRow {
  monetization_policy_codes: string[] | null;
  pricing_tier_code: string | null;
  territory_mode: TerritoryMode | null;
  territory_codes: string[] | null;
}

/** The release level as stored; a release never configured has every field unset. */
export const loadReleaseLevel = async (em: EntityManager, tenantId: string, releaseId: string): Promise<ReleaseLevelConfig> => {
  const [row] = await em.execute<ReleaseLevelRow[]>(
    `select "monetization_policy_codes", "pricing_tier_code", "territory_mode", "territory_codes"
       from "supply_chain"."release_config" where "tenant_id" = ? and "release_id" = ?`,
    [tenantId, releaseId],
  );
  return row ? { ...row } : { ...UNSET_RELEASE_LEVEL };
};

interface AttachedStoreRow {
  release_dsp_id: string;
  dsp_id: number;
  slug: string;
  name: string;
  ddex_party_id: string | null;
  ern_version: string;
  delivery_method: string;
  delivery_type: string;
  default_monetization_policy_codes: string[];
  default_pricing_tier_code: string | null;
  lead_time_new_release_days: number;
  lead_time_update_days: number;
  status: string;
  is_blocked: boolean;
  overrides: DspOverrides;
}

export interface AttachedStoreRecord extends AttachedStore {
  /** The release_dsp row, for writes to this store's override. */
  releaseDspId: string;
}

/**
 * The live selection of a release with each store's registry profile, by DSP name: the same
 * stores the selection shows (retired destinations are left out; nothing can be sent to them).
 */
export const loadAttachedStores = async (em: EntityManager, tenantId: string, releaseId: string): Promise<AttachedStoreRecord[]> => {
  const rows = await em.execute<AttachedStoreRow[]>(
    `select rd."id" as "release_dsp_id", d."id" as "dsp_id", d."slug", d."name", d."ddex_party_id", d."ern_version",
            d."delivery_method", d."delivery_type", d."default_monetization_policy_codes", d."default_pricing_tier_code",
            d."lead_time_new_release_days", d."lead_time_update_days", rd."status", rd."is_blocked", rd."overrides"
       from "supply_chain"."release_dsp" rd join "supply_chain"."dsp" d on d."id" = rd."dsp_id"
      where rd."tenant_id" = ? and rd."release_id" = ? and rd."deleted_at" is null and d."is_active"
      order by d."sort_name", d."id"`,
    [tenantId, releaseId],
  );
  return rows.map((row) => ({
    releaseDspId: row.release_dsp_id,
    profile: {
      dsp: {
        dsp_id: row.dsp_id,
        slug: row.slug,
        name: row.name,
        ddex_party_id: row.ddex_party_id ?? '',
        ern_version: row.ern_version,
        delivery_method: row.delivery_method,
        delivery_type: row.delivery_type,
        lead_time_days: { new_release: row.lead_time_new_release_days, update: row.lead_time_update_days },
      },
      default_monetization_policy_codes: row.default_monetization_policy_codes,
      default_pricing_tier_code: row.default_pricing_tier_code,
    },
    status: row.status,
    is_blocked: row.is_blocked,
    overrides: row.overrides,
  }));
};
