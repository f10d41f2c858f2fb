import { DeliveryOperation } from '@sv/contracts';
import { describeRouteHandlers, untouchedContextMember } from '@sv/testing';
import type { DeliveryContext } from '../src/delivery-context.ts';
import { deliveryOperations } from '../src/nats/operations.ts';

/*
 * The route registry and delivery's operation table must agree: every delivery route has a
 * handler, and every handler is a route's operation or one of the internal operations below.
 */

/** Operations delivery answers for other callers only: no route of the registry names them. */
const INTERNAL_OPERATIONS: readonly string[] = [
  // the operator's `delivery stage` admin command: services/gateway/src/admin/admin-commands.ts
  DeliveryOperation.setStage,
  // the sandbox operator's `delivery onboarding` command: services/gateway/src/admin/admin-onboarding.ts
  DeliveryOperation.onboardingStep,
];

/** The table as the service builds it, from a context none of whose members is used. */
const handledOperations = (): string[] => {
  const context: DeliveryContext = {
    orm: untouchedContextMember('orm'),
    config: untouchedContextMember('config'),
    logger: untouchedContextMember('logger'),
    blobs: untouchedContextMember('blobs'),
    catalogue: untouchedContextMember('catalogue'),
    supplyChain: untouchedContextMember('supplyChain'),
    parties: untouchedContextMember('parties'),
    validators: untouchedContextMember('validators'),
    openSession: untouchedContextMember('openSession'),
    wakeDeliveries: untouchedContextMember('wakeDeliveries'),
    wakeQc: untouchedContextMember('wakeQc'),
  };
  return Object.keys(deliveryOperations(context));
};

describeRouteHandlers('delivery', handledOperations, INTERNAL_OPERATIONS);
