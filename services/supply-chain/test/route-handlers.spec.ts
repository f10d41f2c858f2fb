import { SupplyChainOperation } from '@sv/contracts';
import { describeRouteHandlers, untouchedContextMember } from '@sv/testing';
import type { SupplyChainContext } from '../src/supply-chain-context.ts';
import { supplyChainOperations } from '../src/nats/operations.ts';

/*
 * The route registry and supply-chain's operation table must agree: every supply-chain route has a
 * handler, and every handler is a route's operation or one of the internal operations below.
 */

/** Operations supply-chain answers for other services only: no route of the registry names them. */
const INTERNAL_OPERATIONS: readonly string[] = [
  // the catalogue, at submit (the store-selection gate): services/catalogue/src/nats/clients/store-selection.client.ts
  SupplyChainOperation.releaseDspsSelection,
  // delivery, for what each store receives (system principals only): services/delivery/src/nats/clients/supply-chain.client.ts
  SupplyChainOperation.releaseConfigResolved,
];

/** The table as the service builds it, from a context none of whose members is used. */
const handledOperations = (): string[] => {
  const context: SupplyChainContext = {
    orm: untouchedContextMember('orm'),
    config: untouchedContextMember('config'),
    logger: untouchedContextMember('logger'),
    releases: untouchedContextMember('releases'),
    snapshots: untouchedContextMember('snapshots'),
    clock: untouchedContextMember('clock'),
  };
  return Object.keys(supplyChainOperations(context));
};

describeRouteHandlers('supply-chain', handledOperations, INTERNAL_OPERATIONS);
