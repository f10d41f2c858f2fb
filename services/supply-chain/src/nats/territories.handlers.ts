import { SupplyChainOperation } from '@sv/contracts';
import { ok, type OperationTable } from '@sv/platform';
import { listTerritories } from '../app/territories/territories.service.ts';

/** GET /supply-chain/territories: the ISO 3166-1 catalogue, readable by every role. */
export const territoryOperations = (): OperationTable => ({
  [SupplyChainOperation.territories]: async () => ok({ territories: listTerritories() }),
});
