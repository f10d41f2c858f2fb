import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryPayload } from '../../db/entities/delivery.entity.ts';

/** A delivery this process now holds the lease of, for one attempt. */
export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  occurredAt: Date;
  payload: DeliveryPayload;
  /** This attempt's number (1-based); also the lease's token when the attempt is recorded. */
  attempt: number;
  /** The event's trace (W3C traceparent), null when it had none. */
  traceParent: string | null;
}

interface CandidateRow {
  id: string;
  subscription_id: string;
  busy: string | number;
}

interface ClaimedRow {
  id: string;
  tenant_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  occurred_at: Date | string;
  payload: DeliveryPayload | string;
  attempts: number;
  trace_parent: string | null;
}

export interface ClaimLimits {
  /** Most deliveries to take now. */
  room: number;
  /** Most attempts in flight for one subscription, across every replica. */
  perSubscription: number;
  leaseMs: number;
}

/**
 * Takes up to `room` due deliveries and leases them (claimed_until) for one attempt each.
 * FOR UPDATE SKIP LOCKED lets replicas claim side by side without waiting on or taking each
 * other's rows, and the lease keeps a claimed row away from them until the attempt is recorded
 * (or the lease runs out because its process died). A subscription already holding
 * `perSubscription` leases gets no more, so one slow receiver cannot take every slot.
 */
export const claimDueDeliveries = async (em: EntityManager, limits: ClaimLimits, now: Date): Promise<ClaimedDelivery[]> => {
  if (limits.room <= 0) return [];
  return em.transactional(async (tx) => {
    const candidates = await tx.execute<CandidateRow[]>(
      `select d."id", d."subscription_id",
          (select count(*) from "webhooks"."delivery" b
            where b."subscription_id" = d."subscription_id" and b."status" = 'pending' and b."claimed_until" > ?) as "busy"
        from "webhooks"."delivery" d
        where d."status" = 'pending' and d."next_attempt_at" <= ? and (d."claimed_until" is null or d."claimed_until" <= ?)
        order by d."next_attempt_at"
        limit ?
        for update of d skip locked`,
      [now, now, now, limits.room * 4],
    );
    const taken = new Map<string, number>();
    const chosen: string[] = [];
    for (const row of candidates) {
      const held = Number(row.busy) + (taken.get(row.subscription_id) ?? 0);
      if (held >= limits.perSubscription || chosen.length >= limits.room) continue;
      taken.set(row.subscription_id, (taken.get(row.subscription_id) ?? 0) + 1);
      chosen.push(row.id);
    }
    if (chosen.length === 0) return [];
    const rows = await tx.execute<ClaimedRow[]>(
      `update "webhooks"."delivery" set "claimed_until" = ?, "attempts" = "attempts" + 1, "updated_at" = ?
        where "id" in (${chosen.map(() => '?').join(', ')})
        returning "id", "tenant_id", "subscription_id", "event_id", "event_type", "occurred_at", "payload", "attempts", "trace_parent"`,
      [new Date(now.getTime() + limits.leaseMs), now, ...chosen],
    );
    return rows.map((row) => ({
      id: row.id,
      tenantId: row.tenant_id,
      subscriptionId: row.subscription_id,
      eventId: row.event_id,
      eventType: row.event_type,
      occurredAt: new Date(row.occurred_at),
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as DeliveryPayload) : row.payload,
      attempt: row.attempts,
      traceParent: row.trace_parent,
    }));
  });
};
