import { DeliveryOperation, Messages, SetStageBody } from '@sv/contracts';
import { ForbiddenError, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { confirmStoreStage } from '../app/lifecycle/confirm-stage.ts';
import type { DeliveryContext } from '../delivery-context.ts';

/** The operator's `delivery stage` command: for stores that send no acknowledgements. */
export const stageOperations = ({ orm, catalogue }: DeliveryContext): OperationTable => ({
  [DeliveryOperation.setStage]: async (request) => {
    if (request.principal.actor.type !== 'system') throw new ForbiddenError(Messages.forbidden, 'delivery.system_only');
    const body = parseOrThrow(SetStageBody, request.body ?? {});
    const { changed } = await confirmStoreStage(orm.em.fork(), catalogue, { releaseId: body.release_id, slug: body.dsp.toLowerCase(), stage: body.stage });
    return ok({ release_id: body.release_id, dsp: body.dsp.toLowerCase(), stage: body.stage, changed });
  },
});
