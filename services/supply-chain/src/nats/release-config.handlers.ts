import { Messages, MonetizationBody, PricingTierBody, SupplyChainOperation, TerritoriesBody } from '@sv/contracts';
import { ForbiddenError, assertCan, ok, parseOrThrow, type OperationHandler, type OperationTable } from '@sv/platform';
import {
  deliveryPlan,
  effectiveConfig,
  getReleaseConfig,
  resolvedConfig,
  setMonetization,
  setPricingTier,
  setTerritories,
} from '../app/release-config/release-config.service.ts';
import type { SupplyChainContext } from '../supply-chain-context.ts';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const releaseConfigOperations = ({ orm, releases, snapshots, clock }: SupplyChainContext): OperationTable => {
  const deps = () => ({ em: orm.em.fork(), releases });
  // Who may change a release's settings is who may update it: the permission, then the
  // catalogue's visibility (an artist-scoped key sees its own artist's releases only, else 404).
  const write =
    (apply: OperationHandler): OperationHandler =>
    async (request) => {
      assertCan(request.principal, 'supply_chain.manage');
      return apply(request);
    };

  return {
    [SupplyChainOperation.releaseConfigGet]: async (request) =>
      ok({ release_config: await getReleaseConfig(deps(), request.principal, request.params.uuid ?? '') }),

    [SupplyChainOperation.releaseConfigMonetization]: write(async (request) => {
      const body = parseOrThrow(MonetizationBody, request.body ?? {});
      return ok({ release_config: await setMonetization(deps(), request.principal, request.params.uuid ?? '', body.monetization_policy_codes) });
    }),

    [SupplyChainOperation.releaseConfigPricingTier]: write(async (request) => {
      const body = parseOrThrow(PricingTierBody, request.body ?? {});
      return ok({ release_config: await setPricingTier(deps(), request.principal, request.params.uuid ?? '', body.pricing_tier_code) });
    }),

    [SupplyChainOperation.releaseConfigTerritories]: write(async (request) => {
      const body = parseOrThrow(TerritoriesBody, request.body ?? {});
      const config = await setTerritories(deps(), request.principal, request.params.uuid ?? '', body.territory_mode, body.territory_codes);
      return ok({ release_config: config });
    }),

    [SupplyChainOperation.releaseConfigEffective]: async (request) =>
      ok({ effective_config: await effectiveConfig(deps(), request.principal, request.params.uuid ?? '') }),

    [SupplyChainOperation.releaseConfigDeliveryPlan]: async (request) => {
      const today = clock().toISOString().slice(0, 10);
      const plan = await deliveryPlan({ ...deps(), snapshots }, request.principal, request.params.uuid ?? '', today);
      return ok({ delivery_plan: plan });
    },

    // Internal, for the delivery service: no public route, system principals only.
    [SupplyChainOperation.releaseConfigResolved]: async (request) => {
      if (request.principal.actor.type !== 'system') throw new ForbiddenError(Messages.forbidden, 'release_config.system_only');
      return ok(await resolvedConfig(deps(), request.principal, request.params.uuid ?? ''));
    },
  };
};
