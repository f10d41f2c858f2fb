import type { EntityManager } from '@mikro-orm/postgresql';
import { DSP_REGISTRY_NAME, type DspRegistryEntry } from './dsp-registry.ts';

export interface VersionedRegistry {
  version: number;
  entries: readonly DspRegistryEntry[];
}

export interface RegistrySyncResult {
  /** True when this call wrote the registry; false when the stored version was current or newer. */
  applied: boolean;
  /** The version stored before this call (null on a fresh database). */
  previousVersion: number | null;
  version: number;
}

/** One lock for every replica: only one copies the registry, the others then find it current. */
const SYNC_LOCK = 'sv:supply_chain:registry:dsp';

/**
 * Copies the registry into supply_chain.dsp when the stored version is older. Rows are upserted
 * by dsp_id and never deleted: an entry retired in the data, or missing from it, becomes
 * is_active = false. An older registry (a replica of the previous release during a rolling
 * update) never overwrites a newer one.
 */
export const syncDspRegistry = async (em: EntityManager, registry: VersionedRegistry): Promise<RegistrySyncResult> =>
  em.transactional(async (tx) => {
    // Transaction-scoped: released by the commit or rollback, on the transaction's own connection.
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [SYNC_LOCK]);
    const [stored] = await tx.execute<{ version: number }[]>(
      'select "version" from "supply_chain"."registry_version" where "registry" = ?',
      [DSP_REGISTRY_NAME],
    );
    const previousVersion = stored?.version ?? null;
    if (previousVersion !== null && previousVersion >= registry.version) {
      return { applied: false, previousVersion, version: registry.version };
    }

    const rows = registry.entries.map((entry) => ({
      id: entry.dsp_id,
      slug: entry.slug,
      name: entry.name,
      sort_name: entry.name.toLowerCase(),
      delivery_method: entry.delivery_method,
      ern_version: entry.ern_version,
      certification_level: entry.certification_level,
      logo_path: entry.logo_path,
      website_url: entry.website_url,
      delivery_type: entry.delivery_type,
      is_active: entry.is_active,
      ddex_party_id: entry.ddex_party_id,
      default_monetization_policy_codes: entry.default_monetization_policy_codes,
      default_pricing_tier_code: entry.default_pricing_tier_code,
      lead_time_new_release_days: entry.lead_time_days.new_release,
      lead_time_update_days: entry.lead_time_days.update,
      lead_time_source: entry.lead_time_source,
      onboarding_series: entry.onboarding_series,
    }));
    await tx.execute(
      `insert into "supply_chain"."dsp" ("id", "slug", "name", "sort_name", "delivery_method", "ern_version",
         "certification_level", "logo_path", "website_url", "delivery_type", "is_active", "ddex_party_id",
         "default_monetization_policy_codes", "default_pricing_tier_code", "lead_time_new_release_days",
         "lead_time_update_days", "lead_time_source", "onboarding_series", "created_at", "updated_at")
       select r."id", r."slug", r."name", r."sort_name", r."delivery_method", r."ern_version",
         r."certification_level", r."logo_path", r."website_url", r."delivery_type", r."is_active", r."ddex_party_id",
         r."default_monetization_policy_codes", r."default_pricing_tier_code", r."lead_time_new_release_days",
         r."lead_time_update_days", r."lead_time_source", r."onboarding_series", now(), now()
       from jsonb_to_recordset(?::jsonb) as r("id" integer, "slug" text, "name" text, "sort_name" text,
         "delivery_method" text, "ern_version" text, "certification_level" text, "logo_path" text,
         "website_url" text, "delivery_type" text, "is_active" boolean, "ddex_party_id" text,
         "default_monetization_policy_codes" jsonb, "default_pricing_tier_code" text,
         "lead_time_new_release_days" integer, "lead_time_update_days" integer, "lead_time_source" text,
         "onboarding_series" jsonb)
       on conflict ("id") do update set
         "slug" = excluded."slug", "name" = excluded."name", "sort_name" = excluded."sort_name",
         "delivery_method" = excluded."delivery_method", "ern_version" = excluded."ern_version",
         "certification_level" = excluded."certification_level", "logo_path" = excluded."logo_path",
         "website_url" = excluded."website_url", "delivery_type" = excluded."delivery_type",
         "is_active" = excluded."is_active", "ddex_party_id" = excluded."ddex_party_id",
         "default_monetization_policy_codes" = excluded."default_monetization_policy_codes",
         "default_pricing_tier_code" = excluded."default_pricing_tier_code",
         "lead_time_new_release_days" = excluded."lead_time_new_release_days",
         "lead_time_update_days" = excluded."lead_time_update_days", "lead_time_source" = excluded."lead_time_source",
         "onboarding_series" = excluded."onboarding_series", "updated_at" = now()
       where ("dsp"."slug", "dsp"."name", "dsp"."delivery_method", "dsp"."ern_version", "dsp"."certification_level",
              "dsp"."logo_path", "dsp"."website_url", "dsp"."delivery_type", "dsp"."is_active", "dsp"."ddex_party_id",
              "dsp"."default_monetization_policy_codes", "dsp"."default_pricing_tier_code", "dsp"."lead_time_new_release_days",
              "dsp"."lead_time_update_days", "dsp"."lead_time_source", "dsp"."onboarding_series")
         is distinct from (excluded."slug", excluded."name", excluded."delivery_method", excluded."ern_version",
              excluded."certification_level", excluded."logo_path", excluded."website_url", excluded."delivery_type",
              excluded."is_active", excluded."ddex_party_id", excluded."default_monetization_policy_codes",
              excluded."default_pricing_tier_code", excluded."lead_time_new_release_days",
              excluded."lead_time_update_days", excluded."lead_time_source", excluded."onboarding_series")`,
      [JSON.stringify(rows)],
    );
    await tx.execute(
      `update "supply_chain"."dsp" set "is_active" = false, "updated_at" = now()
        where "is_active" and not ("id" = any(?::integer[]))`,
      [`{${rows.map((row) => row.id).join(',')}}`],
    );
    await tx.execute(
      `insert into "supply_chain"."registry_version" ("registry", "version", "synced_at") values (?, ?, now())
       on conflict ("registry") do update set "version" = excluded."version", "synced_at" = excluded."synced_at"`,
      [DSP_REGISTRY_NAME, registry.version],
    );
    return { applied: true, previousVersion, version: registry.version };
  });
