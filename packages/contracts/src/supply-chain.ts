import { z } from 'zod';
import { defineEvent } from './events.ts';
import { Messages } from './messages.ts';
import { LeadTimeDays } from './supply-chain-config.ts';

/** Operations supply-chain answers on its api subject. */
export const SupplyChainOperation = {
  dsps: 'catalogues.dsps',
  territories: 'catalogues.territories',
  monetizationPolicies: 'catalogues.monetization_policies',
  pricingTiers: 'catalogues.pricing_tiers',
  releaseDspsList: 'release_dsps.list',
  releaseDspsAdd: 'release_dsps.add',
  releaseDspsReplace: 'release_dsps.replace',
  releaseDspsRemove: 'release_dsps.remove',
  releaseDspsOverride: 'release_dsps.override',
  /**
   * Internal: a release's store selection as it stands now. The catalogue asks at the moment of
   * submit, so the gate never reads a stale copy. Params: { uuid }. Reply body: StoreSelectionReply.
   */
  releaseDspsSelection: 'release_dsps.selection',
  releaseConfigGet: 'release_config.get',
  releaseConfigMonetization: 'release_config.monetization',
  releaseConfigPricingTier: 'release_config.pricing_tier',
  releaseConfigTerritories: 'release_config.territories',
  releaseConfigEffective: 'release_config.effective',
  releaseConfigDeliveryPlan: 'release_config.delivery_plan',
  /**
   * Internal, for the delivery service (system principals only): every attached store's
   * effective config, blocked ones included. Params: { uuid }. Reply body: ResolvedConfigReply.
   */
  releaseConfigResolved: 'release_config.resolved',
} as const;

export const DSP_STATUSES = ['pending', 'submitted'] as const;

/** One entry of a release's store selection, as the API shows it. */
export const ReleaseDsp = z.object({
  dsp_id: z.number().int().positive(),
  dsp_name: z.string(),
  slug: z.string(),
  status: z.string(),
  is_blocked: z.boolean(),
});
export type ReleaseDsp = z.infer<typeof ReleaseDsp>;

export const StoreSelectionReply = z.object({ dsps: z.array(ReleaseDsp) });
export type StoreSelectionReply = z.infer<typeof StoreSelectionReply>;

/**
 * The test deliveries a store asks a new distributor to send, in order, before it certifies it:
 * a new album, then updates changing its territories, its release date and one track's
 * streaming rights, then a takedown. Each is a real delivery and an update of the one before.
 */
export const ONBOARDING_STEPS = ['new_release', 'territories_change', 'release_date_change', 'track_streaming_withdrawal', 'takedown'] as const;
export const OnboardingStep = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof OnboardingStep>;

/** A destination of the DSP registry, as GET /supply-chain/dsps shows it. */
export const DspResource = z.object({
  dsp_id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  delivery_method: z.string(),
  ern_version: z.string(),
  certification_level: z.string(),
  /** The store's DDEX party identifier (DPID), the MessageRecipient of what it is sent. */
  ddex_party_id: z.string(),
  /** Null until the deployment publishes the store's logo on its CDN. */
  logo_url: z.string().nullable(),
  website_url: z.string(),
  delivery_type: z.string(),
  is_active: z.boolean(),
  /** Days before the release date (new_release) or before it is to show (update) a message should reach the store. */
  lead_time_days: LeadTimeDays,
  /** published: the store's own delivery specification; default: the platform's figure for stores without one. */
  lead_time_source: z.enum(['published', 'default']),
  /** The store's onboarding series (its test deliveries, in order); null: the store asks for none. */
  onboarding_series: z.array(OnboardingStep).nullable(),
});
export type DspResource = z.infer<typeof DspResource>;

/** What a destination takes: audio only, or audio and music videos. */
export const DSP_DELIVERY_TYPES = ['audio', 'audio_video'] as const;
export const DspDeliveryType = z.enum(DSP_DELIVERY_TYPES);
export type DspDeliveryType = z.infer<typeof DspDeliveryType>;

/** A DSP slug: lowercase letters, digits and underscores (also a token of event names). */
export const DSP_SLUG_PATTERN = /^[a-z0-9_]+$/;

/** The reply of GET /supply-chain/dsps. */
export const DspListReply = z.object({ dsps: z.array(DspResource) });
export type DspListReply = z.infer<typeof DspListReply>;

/** GET /supply-chain/dsps?delivery_type=…: only destinations of that delivery type. */
export const DspListQuery = z.object({ delivery_type: DspDeliveryType.optional() });
export type DspListQuery = z.infer<typeof DspListQuery>;

const dspIdInput = z.union([
  z.number().int().positive(),
  // Numeric strings are common in form-encoded clients; they name the same DSP.
  z.string().trim().regex(/^\d{1,9}$/, 'Each dsp_ids entry must be a positive integer.').transform(Number),
]);

/**
 * POST and PUT /releases/{uuid}/dsps: DSP slugs, DSP ids, or both (at least one DSP in all).
 * `replace` (POST only; PUT always replaces) makes the request the whole selection.
 */
export const ReleaseDspsBody = z
  .object({
    dsps: z.array(z.string().trim().min(1, 'Each dsps entry must be a DSP slug.').max(100)).max(100).optional(),
    dsp_ids: z.array(dspIdInput).max(100).optional(),
    replace: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    if ((body.dsps?.length ?? 0) + (body.dsp_ids?.length ?? 0) === 0) {
      context.addIssue({ code: 'custom', path: ['dsps'], message: Messages.dspsRequired });
    }
  });
export type ReleaseDspsBody = z.infer<typeof ReleaseDspsBody>;

/** One entry of GET /supply-chain/territories. */
export const TerritoryResource = z.object({ code: z.string().length(2), name: z.string() });
export type TerritoryResource = z.infer<typeof TerritoryResource>;

/** Events of supply-chain; every change commits with its event (outbox). */
export const SupplyChainEvents = {
  /**
   * A release's store selection changed. `dsps` is the whole selection after the change (slugs,
   * by DSP name); `added` and `removed` are the difference the change made.
   */
  storesChanged: defineEvent(
    'release.stores.changed',
    z.object({
      release_id: z.uuid(),
      dsps: z.array(z.string()),
      added: z.array(z.string()),
      removed: z.array(z.string()),
    }),
  ),
};
