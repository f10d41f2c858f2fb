import type { OperationTable } from '@sv/platform';
import type { SupplyChainContext } from '../supply-chain-context.ts';
import { dspOperations } from './dsps.handlers.ts';
import { releaseDspOperations } from './release-dsps.handlers.ts';
import { territoryOperations } from './territories.handlers.ts';

/** Every operation supply-chain answers on `sv.<env>.api.supply-chain`; one handler file per feature. */
export const supplyChainOperations = (context: SupplyChainContext): OperationTable => ({
  ...dspOperations(context),
  ...territoryOperations(),
  ...releaseDspOperations(context),
});
