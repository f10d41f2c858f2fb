import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClaimedItem } from '@sv/platform';
import { Delivery, type DeliveryPayload } from '../../db/entities/delivery.entity.ts';

/** A delivery this process now holds the lease of, for one attempt. */
export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  occurredAt: Date;
  payload: DeliveryPayload;
  /** This attempt's number (1-based); the queue's lease token. */
  attempt: number;
  /** The event's trace (W3C traceparent), null when it had none. */
  traceParent: string | null;
}

/** The delivery the queue handed this worker; undefined when it is no longer there (pruned). */
export const loadClaimedDelivery = async (em: EntityManager, item: ClaimedItem): Promise<ClaimedDelivery | undefined> => {
  const row = await em.findOne(Delivery, { id: item.id });
  if (!row) return undefined;
  return {
    id: row.id,
    tenantId: row.tenantId,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    eventType: row.eventType,
    occurredAt: row.occurredAt,
    payload: row.payload,
    attempt: item.attempt,
    traceParent: row.traceParent ?? null,
  };
};
