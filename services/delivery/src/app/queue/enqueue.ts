import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryKind } from '@sv/contracts';

export interface QueuedDelivery {
  id: string;
  dspSlug: string;
  kind: DeliveryKind;
}

export interface DeliveryRequest {
  tenantId: string;
  releaseId: string;
  dsp: { dsp_id: number; slug: string; name: string };
  kind: DeliveryKind;
  /** Why: qc_pass, deliver, redeliver, config_change, purge. */
  reason: string;
}

/** DDEX BatchIds are written yyyyMMddhhmmssnnn; three random digits keep same-moment batches apart. */
const batchIdOf = (now: Date): string => `${now.toISOString().replace(/\D/g, '').slice(0, 17)}${String(randomBytes(2).readUInt16BE(0) % 1000).padStart(3, '0')}`;

/** A message id unique to this delivery (kept when the same version is sent again). */
const messageIdOf = (): string => `SV${randomUUID().replace(/-/g, '').toUpperCase()}`;

/**
 * Queues messages in the caller's transaction, due at once. A queued (not yet sent) delivery of
 * the same kind to the same store is not queued twice: the one waiting will send the latest state.
 */
export const queueDeliveries = async (em: EntityManager, requests: readonly DeliveryRequest[]): Promise<QueuedDelivery[]> => {
  const queued: QueuedDelivery[] = [];
  const now = new Date();
  for (const request of requests) {
    const [waiting] = await em.execute<{ id: string }[]>(
      `select "id" from "delivery"."delivery"
        where "tenant_id" = ? and "release_id" = ? and "dsp_slug" = ? and "kind" = ? and "state" = 'queued' limit 1`,
      [request.tenantId, request.releaseId, request.dsp.slug, request.kind],
    );
    if (waiting) {
      queued.push({ id: waiting.id, dspSlug: request.dsp.slug, kind: request.kind });
      continue;
    }
    const id = randomUUID();
    await em.execute(
      `insert into "delivery"."delivery" ("id", "tenant_id", "release_id", "dsp_id", "dsp_slug", "dsp_name", "kind", "state", "reason",
          "message_id", "batch_id", "files", "attempts", "next_attempt_at", "created_at", "updated_at")
        values (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, '[]', 0, ?, ?, ?)`,
      [id, request.tenantId, request.releaseId, request.dsp.dsp_id, request.dsp.slug, request.dsp.name, request.kind, request.reason, messageIdOf(), batchIdOf(now), now, now, now],
    );
    queued.push({ id, dspSlug: request.dsp.slug, kind: request.kind });
  }
  return queued;
};

/** A queued takedown replaces whatever new or update messages still wait for that store. */
export const cancelWaitingDeliveries = async (em: EntityManager, tenantId: string, releaseId: string, slug: string): Promise<void> => {
  await em.execute(
    `update "delivery"."delivery" set "state" = 'cancelled', "error" = 'Replaced by a takedown.', "updated_at" = now()
      where "tenant_id" = ? and "release_id" = ? and "dsp_slug" = ? and "state" = 'queued' and "kind" <> 'takedown'`,
    [tenantId, releaseId, slug],
  );
};
