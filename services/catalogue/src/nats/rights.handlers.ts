import type { CatalogueContext } from '../catalogue-context.ts';
import { RightsBody, RightsOperation } from '@sv/contracts';
import { assertCan, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { presentRightsRecord } from '../app/rights/rights.presenter.ts';
import { getReleaseRights, getTrackRights, replaceReleaseRights, replaceTrackRights } from '../app/rights/rights.service.ts';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const rightsOperations = ({ orm }: CatalogueContext): OperationTable => ({
  [RightsOperation.releaseGet]: async (request) => {
    const records = await getReleaseRights(orm.em.fork(), request.principal, request.params.uuid ?? '');
    return ok({ rights: records.map(presentRightsRecord) });
  },
  [RightsOperation.releaseReplace]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const body = parseOrThrow(RightsBody, request.body);
    const records = await replaceReleaseRights(orm.em.fork(), request.principal, request.params.uuid ?? '', body);
    return ok({ rights: records.map(presentRightsRecord) });
  },
  [RightsOperation.trackGet]: async (request) => {
    const records = await getTrackRights(orm.em.fork(), request.principal, request.params.uuid ?? '');
    return ok({ rights: records.map(presentRightsRecord) });
  },
  [RightsOperation.trackReplace]: async (request) => {
    assertCan(request.principal, 'credits.manage');
    const body = parseOrThrow(RightsBody, request.body);
    const records = await replaceTrackRights(orm.em.fork(), request.principal, request.params.uuid ?? '', body);
    return ok({ rights: records.map(presentRightsRecord) });
  },
});
