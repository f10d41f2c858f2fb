import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaginationQuery } from '@sv/contracts';
import { findPage, type FoundPage } from '@sv/platform';
import { DeliveryAttempt } from '../../db/entities/delivery-attempt.entity.ts';
import { Delivery } from '../../db/entities/delivery.entity.ts';

export interface DeliveryWithAttempts {
  delivery: Delivery;
  attempts: DeliveryAttempt[];
  stage: string | null;
}

/** GET /releases/{uuid}/ddex/deliveries: every delivery of the release, newest first, with its attempts. */
export const listReleaseDeliveries = async (
  em: EntityManager,
  tenantId: string,
  releaseId: string,
  query: PaginationQuery,
): Promise<Omit<FoundPage<Delivery>, 'rows'> & { rows: DeliveryWithAttempts[] }> => {
  const page = await findPage(em, Delivery, { tenantId, releaseId }, {
    query,
    order: [
      { property: 'createdAt', direction: 'desc', type: 'date' },
      { property: 'id', direction: 'desc', type: 'uuid' },
    ],
  });
  const ids = page.rows.map((delivery) => delivery.id);
  const attempts = ids.length ? await em.find(DeliveryAttempt, { deliveryId: { $in: ids } }, { orderBy: { attempt: 'asc' } }) : [];
  const stages = await em.execute<{ dsp_slug: string; stage: string; last_delivery_id: string | null }[]>(
    `select "dsp_slug", "stage", "last_delivery_id" from "delivery"."store_state" where "tenant_id" = ? and "release_id" = ?`,
    [tenantId, releaseId],
  );
  return {
    ...page,
    rows: page.rows.map((delivery) => ({
      delivery,
      attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
      stage: stages.find((row) => row.last_delivery_id === delivery.id)?.stage ?? null,
    })),
  };
};

/** A delivery as the API shows it. */
export const presentDelivery = ({ delivery, attempts, stage }: DeliveryWithAttempts) => ({
  uuid: delivery.id,
  release_id: delivery.releaseId,
  dsp: { dsp_id: delivery.dspId, slug: delivery.dspSlug, name: delivery.dspName },
  kind: delivery.kind,
  state: delivery.state,
  /** The store's lifecycle stage this delivery brought it to, while it is the store's latest. */
  stage,
  reason: delivery.reason,
  message_id: delivery.messageId,
  batch_id: delivery.batchId,
  files: delivery.files,
  error: delivery.error ?? null,
  deliver_by: delivery.deliverBy ?? null,
  late: delivery.late,
  attempts: attempts.map((attempt) => ({
    attempt: attempt.attempt,
    outcome: attempt.outcome,
    error: attempt.error ?? null,
    started_at: attempt.startedAt.toISOString(),
    finished_at: attempt.finishedAt.toISOString(),
  })),
  next_attempt_at: delivery.state === 'queued' ? delivery.nextAttemptAt.toISOString() : null,
  created_at: delivery.createdAt.toISOString(),
  updated_at: delivery.updatedAt.toISOString(),
  sent_at: delivery.sentAt?.toISOString() ?? null,
});

/** The reply of the deliver, redeliver and purge commands: what was queued. */
export const presentQueued = (queued: { id: string; dspSlug: string; kind: string }[]) =>
  queued.map((item) => ({ uuid: item.id, dsp: item.dspSlug, kind: item.kind, state: 'queued' }));
