import { CatalogueOperation, ReleaseOperation } from '@sv/contracts';
import { ok, type OperationTable } from '@sv/platform';
import { countCatalogue } from '../app/recordings/catalogue-counts.ts';
import { listDeliveredReleases } from '../app/recordings/delivered-releases.ts';
import type { CatalogueContext } from '../catalogue-context.ts';

/** Internal, for analytics: the catalogue's size and its delivered releases, on the caller's behalf. */
export const catalogueStatsOperations = ({ orm }: CatalogueContext): OperationTable => ({
  [CatalogueOperation.counts]: async (request) => ok(await countCatalogue(orm.em.fork(), request.principal)),
  [ReleaseOperation.delivered]: async (request) => ok({ releases: await listDeliveredReleases(orm.em.fork(), request.principal) }),
});
