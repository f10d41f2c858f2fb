import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryKind } from '@sv/contracts';

export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  releaseId: string;
  dspSlug: string;
  dspName: string;
  kind: DeliveryKind;
  messageId: string;
  batchId: string;
  reason: string;
  /** This attempt's number (1-based). */
  attempt: number;
}

interface ClaimedRow {
  id: string;
  tenant_id: string;
  release_id: string;
  dsp_slug: string;
  dsp_name: string;
  kind: DeliveryKind;
  message_id: string;
  batch_id: string;
  reason: string;
  attempts: number;
}

/**
 * Takes up to `room` due deliveries and leases them for one attempt each. SKIP LOCKED lets
 * replicas claim side by side; the lease keeps a claimed delivery on one replica until its
 * attempt is recorded, or until the lease runs out because that replica died.
 */
export const claimDueDeliveries = async (em: EntityManager, room: number, leaseMs: number): Promise<ClaimedDelivery[]> => {
  if (room <= 0) return [];
  const rows = await em.execute<ClaimedRow[]>(
    `update "delivery"."delivery" d set "state" = 'sending', "attempts" = d."attempts" + 1,
        "claimed_until" = now() + (? * interval '1 millisecond'), "updated_at" = now()
      where d."id" in (
        select "id" from "delivery"."delivery"
         where "state" in ('queued', 'sending') and "next_attempt_at" <= now() and ("claimed_until" is null or "claimed_until" < now())
         order by "next_attempt_at" limit ? for update skip locked)
      returning d."id", d."tenant_id", d."release_id", d."dsp_slug", d."dsp_name", d."kind", d."message_id", d."batch_id", d."reason", d."attempts"`,
    [leaseMs, room],
  );
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenant_id,
    releaseId: row.release_id,
    dspSlug: row.dsp_slug,
    dspName: row.dsp_name,
    kind: row.kind,
    messageId: row.message_id,
    batchId: row.batch_id,
    reason: row.reason,
    attempt: row.attempts,
  }));
};
