import { z } from 'zod';
import {
  DeliveryPlan,
  MonetizationPolicyResource,
  PricingTierResource,
  ReleaseConfig,
  ReleaseConfigDsp,
  ResolvedConfigReply,
} from '../../supply-chain-config.ts';
import { TerritoryResource } from '../../supply-chain.ts';

// The store selection (`{dsps}`, StoreSelectionReply) and the DSP matrix (DspListReply) are in supply-chain.ts.

export const TerritoryListReply = z.object({ territories: z.array(TerritoryResource) });
export const MonetizationPolicyListReply = z.object({ monetization_policies: z.array(MonetizationPolicyResource) });
export const PricingTierListReply = z.object({ pricing_tiers: z.array(PricingTierResource) });

/** A release's supply-chain settings as set (null: each store's default applies). */
export const ReleaseConfigReply = z.object({ release_config: ReleaseConfig });

/** PUT /releases/{uuid}/dsps/{dsp_slug}: the store with its block flag and overrides. */
export const DspOverrideReply = z.object({ dsp: ReleaseConfigDsp });

/** Every attached store's resolved config, blocked ones too, by store name. */
export const EffectiveConfigReply = z.object({ effective_config: ResolvedConfigReply });

export const DeliveryPlanReply = z.object({ delivery_plan: DeliveryPlan });
