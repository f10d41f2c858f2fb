import type { EntityManager } from '@mikro-orm/postgresql';
import type { DspStage } from '@sv/contracts';

/**
 * The per-DSP status a lifecycle stage sets. `delivered` is the store entering the pipeline at
 * QC pass, which the spec shows as the per-DSP row moving from pending to submitted; every other
 * stage is the status itself.
 */
export const statusOfStage = (stage: DspStage): string => (stage === 'delivered' ? 'submitted' : stage);

export interface StageChange {
  tenantId: string;
  releaseId: string;
  slug: string;
  stage: DspStage;
  /** When the stage was reached (the event's occurred_at). */
  occurredAt: Date;
}

/**
 * Sets a store's status from a lifecycle event. Order-safe: an event older than the one that
 * last set the status is ignored, so a late redelivery never moves a store back. A store not
 * attached (or removed since) has no row to move; that is no error. Answers whether a row moved.
 */
export const applyDspStage = async (em: EntityManager, change: StageChange): Promise<boolean> => {
  const updated = await em.execute<{ id: string }[]>(
    `update "supply_chain"."release_dsp" rd set "status" = ?, "status_changed_at" = ?, "updated_at" = now()
       from "supply_chain"."dsp" d
      where d."id" = rd."dsp_id" and d."slug" = ? and rd."tenant_id" = ? and rd."release_id" = ? and rd."deleted_at" is null
        and (rd."status_changed_at" is null or rd."status_changed_at" <= ?)
      returning rd."id"`,
    [statusOfStage(change.stage), change.occurredAt, change.slug, change.tenantId, change.releaseId, change.occurredAt],
  );
  return updated.length > 0;
};
