import { royaltiesDbPool } from './royalties-db-pool.ts';

/** Direct reads of the royalties schema, to check the ledger as the database holds it. */
export const royaltiesDb = (url: string) => {
  const { query, outboxPublished, close } = royaltiesDbPool(url);
  return {
    query,
    /** Every journal whose entries do not sum to zero (should be none). */
    unbalancedJournals: () =>
      query<{ journal_id: string }>(`select "journal_id" from "royalties"."ledger_entry" group by "journal_id", "currency" having sum("amount_minor") <> 0`),
    /** Entries posted for one cause, as [account, payee_type, payee_id, cents]. */
    entriesOf: async (causeType: string, causeId: string) =>
      (
        await query<{ account: string; payee_type: string; payee_id: string | null; amount_minor: string }>(
          `select "account", "payee_type", "payee_id", "amount_minor" from "royalties"."ledger_entry"
            where "cause_type" = $1 and "cause_id" = $2 order by "account", "payee_type", "payee_id" nulls last, "amount_minor"`,
          [causeType, causeId],
        )
      ).map((row) => [row.account, row.payee_type, row.payee_id, Number(row.amount_minor)] as const),
    journalsOf: async (causeType: string, causeId: string) =>
      Number(
        (await query<{ count: string }>(`select count(distinct "journal_id") as "count" from "royalties"."ledger_entry" where "cause_type" = $1 and "cause_id" = $2`, [
          causeType,
          causeId,
        ]))[0]!.count,
      ),
    eventsOf: async (id: string) =>
      (await query<{ type: string }>(`select "type" from "royalties"."outbox_event" where "envelope"->'data'->>'statement_id' = $1 or "envelope"->'data'->>'withdrawal_id' = $1 order by "created_at"`, [id])).map(
        (row) => row.type,
      ),
    /** Waits until the relay has published every outbox event (the bus lets royalties publish its own). */
    allPublished: (timeoutMs = 15_000): Promise<boolean> => outboxPublished('true', timeoutMs),
    close,
  };
};
export type RoyaltiesDb = ReturnType<typeof royaltiesDb>;
