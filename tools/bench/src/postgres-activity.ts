/**
 * Where Postgres spends a measured window: pg_stat_activity sampled every few milliseconds, each
 * active backend of one database counted under its statement (whitespace folded, cut short) and
 * what it waits on. A share is the part of the samples a statement was running in, a rough
 * profile of the SQL without an extension the server would have to preload.
 */
import pg from 'pg';

const SAMPLE_EVERY_MS = 50;
const STATEMENT_CHARACTERS = 110;

export interface StatementShare {
  statement: string;
  /** Waits seen while it ran, e.g. `IO:DataFileRead`; `cpu` when it waited on nothing. */
  waits: Record<string, number>;
  /** Of the samples taken, the part this statement was active in (0–1). */
  share: number;
}

/** Starts sampling the database's active backends; the returned stop() answers the busiest statements. */
export const sampleStatements = async (databaseUrl: string): Promise<{ stop(top: number): Promise<StatementShare[]> }> => {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'sv-bench:activity' });
  await client.connect();
  const seen = new Map<string, { count: number; waits: Map<string, number> }>();
  let samples = 0;
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const { rows } = await client.query<{ query: string; wait: string | null }>(
        `select "query", "wait_event_type" || ':' || "wait_event" as "wait"
           from pg_stat_activity
          where "datname" = current_database() and "state" = 'active' and "pid" <> pg_backend_pid()`,
      );
      samples += 1;
      for (const row of rows) {
        const statement = row.query.replace(/\s+/g, ' ').trim().slice(0, STATEMENT_CHARACTERS);
        const entry = seen.get(statement) ?? { count: 0, waits: new Map<string, number>() };
        entry.count += 1;
        const wait = row.wait ?? 'cpu';
        entry.waits.set(wait, (entry.waits.get(wait) ?? 0) + 1);
        seen.set(statement, entry);
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  return {
    async stop(top) {
      stopping = true;
      await loop;
      await client.end();
      return [...seen]
        .sort((a, b) => b[1].count - a[1].count)
        .slice(0, top)
        .map(([statement, entry]) => ({
          statement,
          waits: Object.fromEntries([...entry.waits].sort((a, b) => b[1] - a[1])),
          share: samples === 0 ? 0 : Number((entry.count / samples).toFixed(3)),
        }));
    },
  };
};
