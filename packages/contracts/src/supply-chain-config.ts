import { z } from 'zod';
import { defineEvent } from './events.ts';
import { isCalendarDate } from './releases.ts';
import { SnapshotRightsRecord } from './release-snapshot.ts';

/*
 * A release's supply-chain configuration (monetization, pricing tier, territories, per-DSP
 * overrides) and what it resolves to per store: the effective config and the delivery plan.
 * Supply-chain owns all of it; delivery asks for the resolved form (`release_config.resolved`)
 * when it builds a message, so the two never disagree about what a store receives.
 */

export const TERRITORY_MODES = ['include', 'exclude'] as const;
export const TerritoryMode = z.enum(TERRITORY_MODES);
export type TerritoryMode = z.infer<typeof TerritoryMode>;

/** The territory code meaning "every territory" (DDEX's own value). */
export const WORLDWIDE = 'Worldwide';

/** Which layer a resolved value came from: the store's defaults, the release, or the per-DSP override. */
export const CONFIG_SOURCES = ['default', 'release', 'dsp'] as const;
export const ConfigSource = z.enum(CONFIG_SOURCES);
export type ConfigSource = z.infer<typeof ConfigSource>;

/** The fields every layer may set, under the same names at release and per-DSP level. */
export const CONFIG_FIELDS = [
  'territory_mode',
  'territory_codes',
  'monetization_policy_codes',
  'pricing_tier_code',
  'release_date',
  'rights',
  'track_withdrawals',
] as const;
export type ConfigField = (typeof CONFIG_FIELDS)[number];

/** One deal a store receives: a commercial model with its use types, where and from when. */
export const EffectiveDeal = z.object({
  /** The monetization policy this deal comes from. */
  policy_code: z.string(),
  /** DDEX CommercialModelType, e.g. SubscriptionModel. */
  commercial_model_type: z.string(),
  /** DDEX UseType values, e.g. OnDemandStream. */
  use_types: z.array(z.string()).min(1),
  /** Territories the deal covers (`Worldwide` for all); never empty. */
  territory_codes: z.array(z.string()).min(1),
  /** Territories carved out of `territory_codes` (exclude mode). */
  excluded_territory_codes: z.array(z.string()),
  /** YYYY-MM-DD: the deal's validity start (the effective release date). */
  start_date: z.string().nullable(),
  /** DDEX PriceType code of the pricing tier, for models that carry a price (downloads). */
  price_type: z.string().nullable(),
});
export type EffectiveDeal = z.infer<typeof EffectiveDeal>;

/**
 * Monetization policies taken back from one track at one store (its other tracks keep them): the
 * track's own deals in the message leave those policies out, e.g. streaming withdrawn from a
 * track whose streaming rights ended.
 */
export const TrackWithdrawal = z.object({
  track_id: z.uuid(),
  monetization_policy_codes: z.array(z.string()).min(1),
});
export type TrackWithdrawal = z.infer<typeof TrackWithdrawal>;

/** How many days before the date it takes effect a store asks to receive a message, by kind. */
export const LeadTimeDays = z.object({
  /** A release's first delivery, before its release date. */
  new_release: z.number().int().nonnegative(),
  /** A metadata or asset update, before the date it is to show. */
  update: z.number().int().nonnegative(),
});
export type LeadTimeDays = z.infer<typeof LeadTimeDays>;

/** The message a lead time applies to: a store's first delivery or an update to it. */
export type LeadTimeKind = 'new_release' | 'update';

/** A calendar date (YYYY-MM-DD) moved by whole days, in UTC so no time zone shifts the day. */
export const addCalendarDays = (date: string, days: number): string => {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
};

/**
 * The date by which a message must reach the store: the release date minus the store's lead
 * time for the kind. Null when there is no date to meet: no release date, or an update once the
 * release date has passed (it takes effect on arrival). `late`: today (a UTC calendar date) is
 * after that date.
 */
export const leadTimeDeadline = (
  releaseDate: string | null | undefined,
  kind: LeadTimeKind,
  leadTime: LeadTimeDays,
  today: string,
): { deliver_by: string; late: boolean } | null => {
  if (!releaseDate || !isCalendarDate(releaseDate)) return null;
  if (kind === 'update' && releaseDate < today) return null;
  const deliverBy = addCalendarDays(releaseDate, -leadTime[kind]);
  return { deliver_by: deliverBy, late: today > deliverBy };
};

export const EffectiveStore = z.object({
  dsp_id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  /** The store's DDEX party identifier (the message recipient). */
  ddex_party_id: z.string(),
  ern_version: z.string(),
  delivery_method: z.string(),
  delivery_type: z.string(),
  /** The store's lead times (the registry's); absent from replies of a service older than them. */
  lead_time_days: LeadTimeDays.optional(),
});
export type EffectiveStore = z.infer<typeof EffectiveStore>;

/** A release's configuration as one store will receive it, with where each value came from. */
export const EffectiveStoreConfig = z.object({
  dsp: EffectiveStore,
  /** The per-DSP stage (pending, submitted, accepted, live…). */
  status: z.string(),
  is_blocked: z.boolean(),
  territory_mode: TerritoryMode,
  territory_codes: z.array(z.string()),
  monetization_policy_codes: z.array(z.string()),
  pricing_tier_code: z.string().nullable(),
  release_date: z.string().nullable(),
  /** Rights records for this store; null: the catalogue's own rights apply. */
  rights: z.array(SnapshotRightsRecord).nullable(),
  /** Per-track withdrawals at this store; empty: every track has the release's deals. */
  track_withdrawals: z.array(TrackWithdrawal).default([]),
  sources: z.record(z.enum(CONFIG_FIELDS), ConfigSource),
  deals: z.array(EffectiveDeal),
});
export type EffectiveStoreConfig = z.infer<typeof EffectiveStoreConfig>;

/** A problem that would stop (error) or weaken (warning) a delivery, found before submitting. */
export const ReadinessProblem = z.object({
  severity: z.enum(['error', 'warning']),
  /** Stable machine-readable code, e.g. `audio_missing`. */
  code: z.string(),
  message: z.string(),
  /** The field or record at fault, when there is one (e.g. `tracks[2].audio`). */
  field: z.string().nullable(),
});
export type ReadinessProblem = z.infer<typeof ReadinessProblem>;

/** The reply body of the internal `release_config.resolved`: every attached store, blocked ones included. */
export const ResolvedConfigReply = z.object({
  release_id: z.uuid(),
  stores: z.array(EffectiveStoreConfig),
});
export type ResolvedConfigReply = z.infer<typeof ResolvedConfigReply>;

// Request bodies. Codes are checked against supply-chain's catalogues by the service (422 per field).

const code = (field: string) => z.string().trim().min(1, `Each ${field} entry must be a code.`).max(64);

/** ISO 3166-1 alpha-2 (checked against the list by the service) or `Worldwide`; case-insensitive. */
const territoryCode = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .transform((value) => (value.toLowerCase() === WORLDWIDE.toLowerCase() ? WORLDWIDE : value.toUpperCase()));

const calendarDate = z.string().trim().refine(isCalendarDate, 'The release_date must be a real date written YYYY-MM-DD.');

export const MonetizationBody = z.object({
  monetization_policy_codes: z.array(code('monetization_policy_codes')).min(1, 'Send at least one monetization policy code.').max(20),
});
export type MonetizationBody = z.infer<typeof MonetizationBody>;

export const PricingTierBody = z.object({ pricing_tier_code: code('pricing_tier_code') });
export type PricingTierBody = z.infer<typeof PricingTierBody>;

export const TerritoriesBody = z.object({
  territory_mode: TerritoryMode,
  territory_codes: z.array(territoryCode).max(300),
});
export type TerritoriesBody = z.infer<typeof TerritoriesBody>;

/** Most tracks one store's override may withdraw policies from: a bound on the body. */
export const MAX_TRACK_WITHDRAWALS = 500;

/**
 * PUT /releases/{uuid}/dsps/{dsp_slug}: the block flag and any release-level setting, under the
 * same names; an absent field keeps its override, `null` clears it.
 */
export const DspOverrideBody = z.object({
  is_blocked: z.boolean().optional(),
  territory_mode: TerritoryMode.nullable().optional(),
  territory_codes: z.array(territoryCode).max(300).nullable().optional(),
  monetization_policy_codes: z.array(code('monetization_policy_codes')).min(1).max(20).nullable().optional(),
  pricing_tier_code: code('pricing_tier_code').nullable().optional(),
  release_date: calendarDate.nullable().optional(),
  rights: z.array(z.unknown()).max(100).nullable().optional(),
  track_withdrawals: z
    .array(
      z.object({
        track_id: z.uuid('Each track_id must be a track uuid.'),
        monetization_policy_codes: z.array(code('monetization_policy_codes')).min(1, 'Name at least one monetization policy to withdraw.').max(20),
      }),
    )
    .max(MAX_TRACK_WITHDRAWALS, `At most ${MAX_TRACK_WITHDRAWALS} track withdrawals.`)
    .nullable()
    .optional(),
});
export type DspOverrideBody = z.infer<typeof DspOverrideBody>;

/** Events of a release's supply-chain configuration. */
export const SupplyChainConfigEvents = {
  /**
   * A release's configuration changed in a way that may change what `dsps` receive. Delivery
   * queues an update for each of those stores that already has a delivered message.
   */
  configChanged: defineEvent(
    'release.config.changed',
    z.object({ release_id: z.uuid(), dsps: z.array(z.string()), fields: z.array(z.string()) }),
  ),
};

// Catalogues (GET /supply-chain/monetization-policies and /supply-chain/pricing-tiers).

/** A way a store may make a release available, and the DDEX deal terms it stands for. */
export const MonetizationPolicyResource = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** DDEX ERN 4.3 CommercialModelType (AVS CommercialModelType_ERN). */
  commercial_model_type: z.string(),
  /** DDEX ERN 4.3 UseType values (AVS UseType_ERN). */
  use_types: z.array(z.string()).min(1),
  /** True when deals of this policy carry the pricing tier's price code (sales, not streams). */
  carries_price: z.boolean(),
});
export type MonetizationPolicyResource = z.infer<typeof MonetizationPolicyResource>;

/** A price band a store sells a release in; the price itself is the store's rate card for the code. */
export const PricingTierResource = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** The value of the deal's PriceInformation/PriceCode (DDEX PriceType), e.g. FRONTLINE. */
  price_code: z.string(),
  /** The PriceInformation PriceType attribute (AVS PriceInformationType). */
  price_information_type: z.string(),
});
export type PricingTierResource = z.infer<typeof PricingTierResource>;

// A release's configuration as set (GET /supply-chain/releases/{uuid}).

/** What one store's per-DSP override sets; a field that is absent is not overridden. */
export const DspOverrides = z.object({
  territory_mode: TerritoryMode.optional(),
  territory_codes: z.array(z.string()).optional(),
  monetization_policy_codes: z.array(z.string()).optional(),
  pricing_tier_code: z.string().optional(),
  release_date: z.string().optional(),
  rights: z.array(SnapshotRightsRecord).optional(),
  track_withdrawals: z.array(TrackWithdrawal).optional(),
});
export type DspOverrides = z.infer<typeof DspOverrides>;

/** One attached store with its block flag and overrides. */
export const ReleaseConfigDsp = z.object({
  dsp_id: z.number().int().positive(),
  dsp_name: z.string(),
  slug: z.string(),
  status: z.string(),
  is_blocked: z.boolean(),
  overrides: DspOverrides,
});
export type ReleaseConfigDsp = z.infer<typeof ReleaseConfigDsp>;

/** The release level as set; null: not set, each store's default applies. */
export const ReleaseConfig = z.object({
  release_id: z.uuid(),
  monetization_policy_codes: z.array(z.string()).nullable(),
  pricing_tier_code: z.string().nullable(),
  territory_mode: TerritoryMode.nullable(),
  territory_codes: z.array(z.string()).nullable(),
  dsps: z.array(ReleaseConfigDsp),
});
export type ReleaseConfig = z.infer<typeof ReleaseConfig>;

// The delivery plan (GET /supply-chain/releases/{uuid}/delivery-plan).

export const DeliveryPlanStore = z.object({
  dsp: EffectiveStore,
  effective_config: EffectiveStoreConfig,
  ern_version: z.string(),
  /** How the message travels: the store's delivery method (sftp, s3, api, aspera). */
  transport: z.string(),
  is_blocked: z.boolean(),
  deals: z.array(EffectiveDeal),
  problems: z.array(ReadinessProblem),
  /** No error among this store's problems. */
  ready: z.boolean(),
  /** The store's lead times in days, for a new release and for an update. */
  lead_time_days: LeadTimeDays,
  /**
   * YYYY-MM-DD: the last day the store's message should arrive (the release date minus the lead
   * time of a new release while the store is pending, of an update after); null without a date to meet.
   */
  deliver_by: z.string().nullable(),
});
export type DeliveryPlanStore = z.infer<typeof DeliveryPlanStore>;

export const DeliveryPlan = z.object({
  release_id: z.uuid(),
  /** No release-wide error and no error at any store that is not blocked. */
  ready: z.boolean(),
  stores: z.array(DeliveryPlanStore),
  /** Problems of the release itself (tracks, artwork, dates, codes, the selection). */
  problems: z.array(ReadinessProblem),
});
export type DeliveryPlan = z.infer<typeof DeliveryPlan>;
