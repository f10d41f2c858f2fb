import type { MonetizationPolicyResource, PricingTierResource } from '@sv/contracts';
import { MONETIZATION_POLICIES } from './monetization-policies.ts';
import { PRICING_TIERS } from './pricing-tiers.ts';

/** GET /supply-chain/monetization-policies, in catalogue order. */
export const listMonetizationPolicies = (): readonly MonetizationPolicyResource[] => MONETIZATION_POLICIES;

/** GET /supply-chain/pricing-tiers, from the highest price band to the lowest. */
export const listPricingTiers = (): readonly PricingTierResource[] => PRICING_TIERS;
