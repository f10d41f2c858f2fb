import type { OperationTable } from '@sv/platform';
import type { CatalogueContext } from '../catalogue-context.ts';
import { artistOperations } from './artists.handlers.ts';

/** Every operation the catalogue answers on `sv.<env>.api.catalogue`; one handler file per feature. */
export const catalogueOperations = (context: CatalogueContext): OperationTable => ({
  ...artistOperations(context),
});
