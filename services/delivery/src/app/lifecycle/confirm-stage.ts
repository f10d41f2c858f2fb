import type { EntityManager } from '@mikro-orm/postgresql';
import { Messages, type ConfirmedStage } from '@sv/contracts';
import { ConflictError } from '@sv/platform';
import type { CataloguePort } from '../ports.ts';
import { recordStoreStage, storeStagesOf } from './store-stage.ts';

export interface StoreConfirmation {
  /** The release's tenant; the operator command leaves it out and the delivery names it. */
  tenantId?: string;
  releaseId: string;
  slug: string;
  stage: ConfirmedStage | 'rejected';
  /** The store's words on a rejection. */
  message?: string;
  /** The delivery the store answered; the latest sent one when not known (operator command). */
  deliveryId?: string;
}

interface LatestDelivery {
  id: string;
  dsp_name: string;
  tenant_id: string;
}

/**
 * A store's answer (acknowledgement file or operator command): accepted, live, updated, taken
 * down, or rejected. The store's stage moves and its event is emitted; the release follows: live
 * when its first store is live, taken_down once every store it reached confirmed the takedown.
 */
export const confirmStoreStage = async (em: EntityManager, catalogue: CataloguePort, confirmation: StoreConfirmation): Promise<{ changed: boolean }> => {
  const { releaseId, slug, stage } = confirmation;
  const outcome = await em.transactional(async (tx) => {
    const [delivery] = await tx.execute<LatestDelivery[]>(
      confirmation.deliveryId
        ? `select "id", "dsp_name", "tenant_id" from "delivery"."delivery" where "id" = ? and "dsp_slug" = ? and "release_id" = ?`
        : `select "id", "dsp_name", "tenant_id" from "delivery"."delivery"
            where "release_id" = ? and "dsp_slug" = ? and "state" in ('sent', 'rejected') order by "sent_at" desc limit 1`,
      confirmation.deliveryId ? [confirmation.deliveryId, slug, releaseId] : [releaseId, slug],
    );
    if (!delivery || (confirmation.tenantId !== undefined && delivery.tenant_id !== confirmation.tenantId)) throw new ConflictError(Messages.stageNeedsDelivery(slug), 'delivery.stage_without_delivery');
    if (stage === 'rejected') {
      await tx.execute(`update "delivery"."delivery" set "state" = 'rejected', "error" = ?, "updated_at" = now() where "id" = ?`, [
        `Rejected by the store: ${confirmation.message ?? 'no reason given'}`.slice(0, 4000),
        delivery.id,
      ]);
    }
    const changed = await recordStoreStage(tx, {
      tenantId: delivery.tenant_id,
      releaseId,
      dsp: { slug, name: delivery.dsp_name },
      stage,
      deliveryId: delivery.id,
      ...(confirmation.message === undefined ? {} : { message: confirmation.message }),
    });
    return { changed, tenantId: delivery.tenant_id, stages: await storeStagesOf(tx, delivery.tenant_id, releaseId) };
  });
  // After the commit: the catalogue's own state machine refuses what does not apply (409).
  if (stage === 'live') await catalogue.command(outcome.tenantId, releaseId, 'mark_live');
  if (stage === 'taken_down' && [...outcome.stages.values()].every((value) => value === 'taken_down')) {
    await catalogue.command(outcome.tenantId, releaseId, 'mark_taken_down');
  }
  return { changed: outcome.changed };
};
