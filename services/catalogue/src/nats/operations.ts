import type { MikroORM } from '@mikro-orm/postgresql';
import type { OperationTable } from '@sv/platform';
import { artistOperations } from './artists.handlers.ts';

/** Every operation the catalogue answers on `sv.<env>.api.catalogue`. */
export const catalogueOperations = (orm: MikroORM): OperationTable => ({
  ...artistOperations(orm),
});
