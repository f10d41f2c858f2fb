import type { OperationTable } from '@sv/platform';
import type { RoyaltiesContext } from '../royalties-context.ts';
import { splitOperations } from './splits.handlers.ts';

/** Every operation royalties answers on `sv.<env>.api.royalties`; one handler file per feature. */
export const royaltiesOperations = (context: RoyaltiesContext): OperationTable => ({
  ...splitOperations(context),
});
