import pg from 'pg';

/** A small pool on the platform's database, for tests that read the royalties schema as Postgres holds it. */
export const royaltiesDbPool = (url: string) => {
  const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 200 });
  // The platform drops the database when it stops, which may end an idle connection first.
  pool.on('error', () => undefined);
  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> => (await pool.query<T>(sql, params)).rows;
  return {
    query,
    /** Waits until the relay has published every outbox event matching `where` (false on timeout). */
    outboxPublished: async (where: string, timeoutMs = 15_000): Promise<boolean> => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const rows = await query<{ count: string }>(`select count(*) as "count" from "royalties"."outbox_event" where (${where}) and "published_at" is null`);
        if (Number(rows[0]!.count) === 0) return true;
        if (Date.now() > until) return false;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () => pool.end(),
  };
};
