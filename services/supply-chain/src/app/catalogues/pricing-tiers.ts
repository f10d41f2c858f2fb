import type { PricingTierResource } from '@sv/contracts';

/**
 * The pricing tiers a release may be sold in, as data. A tier names a price band, not an amount:
 * the deal carries the tier's code as its PriceInformation/PriceCode (DDEX PriceType) with
 * PriceType StandardRetailPrice, and each store prices the code by its own rate card.
 *
 * Codes are stable: release settings store them, so never rename or remove one; add new ones.
 */
export const PRICING_TIERS: readonly PricingTierResource[] = [
  {
    code: 'premium',
    name: 'Premium',
    description: 'Above front line: deluxe editions and high-resolution releases.',
    price_code: 'PREMIUM',
    price_information_type: 'StandardRetailPrice',
  },
  {
    code: 'front_line',
    name: 'Front line',
    description: 'The full price of a new release.',
    price_code: 'FRONTLINE',
    price_information_type: 'StandardRetailPrice',
  },
  {
    code: 'mid_price',
    name: 'Mid price',
    description: 'Reduced price for catalogue releases past their launch.',
    price_code: 'MIDPRICE',
    price_information_type: 'StandardRetailPrice',
  },
  {
    code: 'budget',
    name: 'Budget',
    description: 'The lowest price band: older catalogue and compilations.',
    price_code: 'BUDGET',
    price_information_type: 'StandardRetailPrice',
  },
];

/** The tier a store is given when its registry entry names none. */
export const DEFAULT_PRICING_TIER = 'front_line';

const BY_CODE: ReadonlyMap<string, PricingTierResource> = new Map(PRICING_TIERS.map((tier) => [tier.code, tier]));

export const pricingTierByCode = (code: string): PricingTierResource | undefined => BY_CODE.get(code);
