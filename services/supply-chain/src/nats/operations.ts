import { combineOperationTables, type OperationTable } from '@sv/platform';
import type { SupplyChainContext } from '../supply-chain-context.ts';
import { catalogueOperations } from './catalogues.handlers.ts';
import { dspOperations } from './dsps.handlers.ts';
import { releaseConfigOperations } from './release-config.handlers.ts';
import { releaseDspOperations } from './release-dsps.handlers.ts';
import { territoryOperations } from './territories.handlers.ts';

/** Every operation supply-chain answers on `sv.<env>.api.supply-chain`; one handler file per feature. */
export const supplyChainOperations = (context: SupplyChainContext): OperationTable =>
  combineOperationTables('supply-chain', [
    dspOperations(context),
    territoryOperations(),
    catalogueOperations(),
    releaseDspOperations(context),
    releaseConfigOperations(context),
  ]);
