import { combineOperationTables, type OperationTable } from '@sv/platform';
import type { DeliveryContext } from '../delivery-context.ts';
import { ddexOperations } from './ddex.handlers.ts';
import { onboardingOperations } from './onboarding.handlers.ts';
import { stageOperations } from './stage.handlers.ts';

/** Every operation delivery answers on `sv.<env>.api.delivery`; one handler file per feature. */
export const deliveryOperations = (context: DeliveryContext): OperationTable =>
  combineOperationTables('delivery', [
    ddexOperations(context),
    stageOperations(context),
    onboardingOperations(context),
  ]);
