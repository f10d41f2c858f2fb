import { SupplyChainOperation } from '@sv/contracts';
import { ok, type OperationTable } from '@sv/platform';
import { listMonetizationPolicies, listPricingTiers } from '../app/catalogues/catalogues.service.ts';

/** GET /supply-chain/monetization-policies and /supply-chain/pricing-tiers: readable by every role. */
export const catalogueOperations = (): OperationTable => ({
  [SupplyChainOperation.monetizationPolicies]: async () => ok({ monetization_policies: listMonetizationPolicies() }),
  [SupplyChainOperation.pricingTiers]: async () => ok({ pricing_tiers: listPricingTiers() }),
});
