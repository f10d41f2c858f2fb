import type { EntityManager } from '@mikro-orm/postgresql';
import { dspStageEvent, type DspStage } from '@sv/contracts';
import { recordEvent } from '@sv/platform';

export interface StageChange {
  tenantId: string;
  releaseId: string;
  dsp: { slug: string; name: string };
  stage: DspStage;
  deliveryId: string | null;
  /** The store's or the transport's words (rejected, failed). */
  message?: string;
}

/**
 * Records where a store stands with a release and emits `release.dsp.<slug>.<stage>` in the same
 * transaction. The same stage reported again for the same delivery (a re-read acknowledgement)
 * changes nothing and emits nothing. An event of a delivery with a day to arrive by carries
 * deliver_by and late. Returns whether anything changed.
 */
export const recordStoreStage = async (em: EntityManager, change: StageChange): Promise<boolean> => {
  const [current] = await em.execute<{ stage: string; last_delivery_id: string | null }[]>(
    `select "stage", "last_delivery_id" from "delivery"."store_state"
      where "tenant_id" = ? and "release_id" = ? and "dsp_slug" = ? for update`,
    [change.tenantId, change.releaseId, change.dsp.slug],
  );
  if (current && current.stage === change.stage && current.last_delivery_id === change.deliveryId) return false;
  await em.execute(
    `insert into "delivery"."store_state" ("tenant_id", "release_id", "dsp_slug", "dsp_name", "stage", "last_delivery_id", "stage_at")
       values (?, ?, ?, ?, ?, ?, now())
     on conflict ("tenant_id", "release_id", "dsp_slug") do update
       set "stage" = excluded."stage", "last_delivery_id" = excluded."last_delivery_id", "stage_at" = now(), "dsp_name" = excluded."dsp_name"`,
    [change.tenantId, change.releaseId, change.dsp.slug, change.dsp.name, change.stage, change.deliveryId],
  );
  const [deadline] = change.deliveryId
    ? await em.execute<{ deliver_by: string | null; late: boolean }[]>(
        `select to_char("deliver_by", 'YYYY-MM-DD') as "deliver_by", "late" from "delivery"."delivery" where "id" = ?`,
        [change.deliveryId],
      )
    : [];
  recordEvent(em, dspStageEvent(change.dsp.slug, change.stage), change.tenantId, {
    release_id: change.releaseId,
    dsp: change.dsp.slug,
    stage: change.stage,
    delivery_id: change.deliveryId,
    ...(change.message === undefined ? {} : { message: change.message.slice(0, 2000) }),
    // The delivery's lead time travels with its events, so a subscriber learns it was queued late.
    ...(deadline?.deliver_by ? { deliver_by: deadline.deliver_by, late: deadline.late } : {}),
  });
  return true;
};

/** The stages of every store the release reached, by slug. */
export const storeStagesOf = async (em: EntityManager, tenantId: string, releaseId: string): Promise<Map<string, string>> => {
  const rows = await em.execute<{ dsp_slug: string; stage: string }[]>(
    `select "dsp_slug", "stage" from "delivery"."store_state" where "tenant_id" = ? and "release_id" = ?`,
    [tenantId, releaseId],
  );
  return new Map(rows.map((row) => [row.dsp_slug, row.stage]));
};
