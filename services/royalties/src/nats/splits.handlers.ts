import { RoyaltyOperation, SplitsBody } from '@sv/contracts';
import { assertCan, ok, parseFields, type OperationTable } from '@sv/platform';
import { presentSplits } from '../app/splits/split.presenter.ts';
import { SplitsRefusedError } from '../app/splits/splits.errors.ts';
import { readSplits, replaceSplits } from '../app/splits/splits.service.ts';
import type { RoyaltiesContext } from '../royalties-context.ts';

/** Thin adapters: parse, call one use-case on a forked ORM context, shape the reply. */
export const splitOperations = ({ orm, catalogue }: RoyaltiesContext): OperationTable => ({
  [RoyaltyOperation.splitsGet]: async (request) => {
    const trackId = request.params.uuid ?? '';
    const rows = await readSplits(orm.em.fork(), catalogue, request.principal, trackId);
    return ok(presentSplits(trackId, rows));
  },
  [RoyaltyOperation.splitsSet]: async (request) => {
    assertCan(request.principal, 'splits.set');
    const body = parseFields(SplitsBody, request.body);
    if (!body.ok) throw new SplitsRefusedError(body.fields);
    const trackId = request.params.uuid ?? '';
    const rows = await replaceSplits(orm.em.fork(), catalogue, request.principal, trackId, body.data);
    return ok(presentSplits(trackId, rows));
  },
});
