import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { leadTimeDeadline, type DeliveryKind, type LeadTimeDays } from '@sv/contracts';

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
  /** The store's effective release date and lead times: a new or update message has a day to arrive by. */
  schedule?: { releaseDate: string | null; leadTimeDays: LeadTimeDays | undefined };
}

/** The day a message should reach its store by and whether queueing it `today` (UTC) misses it; takedowns have none. */
export const deliveryDeadline = (request: DeliveryRequest, today: string): { deliverBy: string | null; late: boolean } => {
  const leadTimeDays = request.schedule?.leadTimeDays;
  if (request.kind === 'takedown' || !leadTimeDays) return { deliverBy: null, late: false };
  const deadline = leadTimeDeadline(request.schedule?.releaseDate, request.kind === 'new' ? 'new_release' : 'update', leadTimeDays, today);
  return { deliverBy: deadline?.deliver_by ?? null, late: deadline?.late ?? false };
};

/**
 * DDEX BatchIds are written yyyyMMddhhmmssnnn: the moment to the millisecond, then three digits
 * from the schema's one sequence (SQL, appended in the insert), so deliveries queued in the same
 * millisecond, by one replica or several, never share a batch (nor the store's batch folder).
 */
const batchMomentOf = (now: Date): string => now.toISOString().replace(/\D/g, '').slice(0, 17);
const BATCH_ID_SQL = `? || lpad((nextval('"delivery"."batch_number"') % 1000)::text, 3, '0')`;

/** A message id unique to this delivery (kept when the same version is sent again). */
const messageIdOf = (): string => `SV${randomUUID().replace(/-/g, '').toUpperCase()}`;

/**
 * Queues messages in the caller's transaction, due at once. A queued (not yet sent) delivery of
 * the same kind to the same store is not queued twice: the one waiting will send the latest state.
 * Each records the day its store asks to have it by and whether it is queued later than that.
 */
export const queueDeliveries = async (em: EntityManager, requests: readonly DeliveryRequest[]): Promise<QueuedDelivery[]> => {
  const queued: QueuedDelivery[] = [];
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
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
    const { deliverBy, late } = deliveryDeadline(request, today);
    await em.execute(
      `insert into "delivery"."delivery" ("id", "tenant_id", "release_id", "dsp_id", "dsp_slug", "dsp_name", "kind", "state", "reason",
          "message_id", "batch_id", "files", "attempts", "next_attempt_at", "created_at", "updated_at", "deliver_by", "late")
        values (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ${BATCH_ID_SQL}, '[]', 0, ?, ?, ?, ?, ?)`,
      [
        id, request.tenantId, request.releaseId, request.dsp.dsp_id, request.dsp.slug, request.dsp.name, request.kind, request.reason,
        messageIdOf(), batchMomentOf(now), now, now, now, deliverBy, late,
      ],
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
