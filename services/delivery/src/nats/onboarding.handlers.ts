import { DeliveryOperation, Messages, OnboardingStepBody } from '@sv/contracts';
import { ForbiddenError, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { runOnboardingStep } from '../app/onboarding/onboarding.service.ts';
import type { DeliveryContext } from '../delivery-context.ts';

/** The sandbox operator's `delivery onboarding` command, one step per request. */
export const onboardingOperations = (context: DeliveryContext): OperationTable => ({
  [DeliveryOperation.onboardingStep]: async (request) => {
    if (request.principal.actor.type !== 'system') throw new ForbiddenError(Messages.forbidden, 'delivery.system_only');
    // Test deliveries go into the sandbox's own drop; production stores certify what they receive there.
    if (context.config.env !== 'sandbox') throw new ForbiddenError(Messages.onboardingSandboxOnly, 'delivery.onboarding_sandbox_only');
    const body = parseOrThrow(OnboardingStepBody, request.body ?? {});
    const { catalogue, supplyChain } = context;
    const step = await runOnboardingStep(context.orm.em.fork(), { catalogue, supplyChain }, {
      releaseId: body.release_id,
      slug: body.dsp,
      step: body.step,
      today: new Date().toISOString().slice(0, 10),
    });
    context.wakeDeliveries();
    return ok(step);
  },
});
