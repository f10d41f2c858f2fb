import type { EntityManager } from '@mikro-orm/postgresql';

export interface PrunedHistory {
  attempts: number;
  deliveries: number;
}

/**
 * Drops the delivery history older than `before`: the attempts of finished deliveries and then
 * the finished deliveries left without attempts. Pending deliveries (inside their retry window,
 * far younger than any retention) are never touched. The scheduled job's lease keeps it to one
 * replica at a time.
 */
export const pruneDeliveryHistory = (em: EntityManager, before: Date): Promise<PrunedHistory> =>
  em.transactional(async (tx) => {
    const attempts = await tx.execute<{ id: string }[]>(
      `delete from "webhooks"."delivery_attempt" a
        using "webhooks"."delivery" d
        where a."delivery_id" = d."id" and d."status" <> 'pending' and a."created_at" < ?
        returning a."id"`,
      [before],
    );
    const deliveries = await tx.execute<{ id: string }[]>(
      `delete from "webhooks"."delivery" d
        where d."status" <> 'pending' and d."updated_at" < ?
          and not exists (select 1 from "webhooks"."delivery_attempt" a where a."delivery_id" = d."id")
        returning d."id"`,
      [before],
    );
    return { attempts: attempts.length, deliveries: deliveries.length };
  });
