/** What planWithoutSeqScans needs of an ORM entity manager: a transaction to run statements in. */
export interface PlanningManager {
  transactional<T>(work: (tx: { execute(sql: string, params?: unknown[]): Promise<unknown> }) => Promise<T>): Promise<T>;
}

/**
 * The plan Postgres makes for `sql` (with `params`, `?` placeholders) when sequential scans are
 * priced out, as JSON text: on a near-empty test table it then shows whether an index can serve
 * the statement at all.
 */
export const planWithoutSeqScans = async (em: PlanningManager, sql: string, params: unknown[]): Promise<string> =>
  JSON.stringify(
    await em.transactional(async (tx) => {
      await tx.execute(`set local enable_seqscan = off`);
      return tx.execute(`explain (format json) ${sql}`, params);
    }),
  );
