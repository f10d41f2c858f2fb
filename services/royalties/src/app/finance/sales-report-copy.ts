import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';

/** Where a load writes its rows: COPY's text format, a chunk at a time. */
export interface CopySink {
  /** Sends rows (each ending in a line break); waits only while Postgres is behind. */
  write(rows: string): Promise<void>;
}

/** The ORM's transaction as its query builder holds it: the one connection every statement of the transaction runs on. */
interface TransactionContext {
  getExecutor(): {
    provideConnection<T>(consumer: (connection: { executeQuery(query: unknown): Promise<unknown> }) => Promise<T>): Promise<T>;
  };
}

/**
 * Runs `COPY … FROM STDIN` on the connection of `tx`'s transaction, `write` sending the rows:
 * they are then part of that transaction, kept or rolled back with it. While `write` runs, the
 * connection is the COPY's: other statements of the transaction wait for it to end, so `write` must
 * not use `tx` (another connection may serve what it reads). An error thrown by `write` aborts the
 * COPY and is thrown on; the transaction is then to be rolled back.
 */
export const copyInTransaction = async <T>(tx: EntityManager, sql: string, write: (sink: CopySink) => Promise<T>): Promise<T> => {
  const context = tx.getTransactionContext<TransactionContext>();
  if (!context) throw new Error('COPY runs inside a transaction');
  return context.getExecutor().provideConnection(async (connection) => {
    const stream: CopyStreamQuery = copyFrom(sql);
    const done = finished(stream);
    // Postgres may refuse the COPY before it is awaited; the refusal is met by the next write or at the end.
    done.catch(() => undefined);
    // pg takes a submittable (the COPY stream) where a query's text goes, and hands it the connection;
    // the driver's connection passes it through as it is.
    await connection.executeQuery({ sql: stream, parameters: [], query: { kind: 'RawNode', sqlFragments: [sql], parameters: [] }, queryId: { queryId: 'copy' } });
    const sink: CopySink = {
      async write(rows) {
        if (stream.destroyed) throw stream.errored ?? new Error('The COPY ended before its rows were sent.');
        if (!stream.write(rows)) await once(stream, 'drain');
      },
    };
    try {
      const result = await write(sink);
      stream.end();
      await done;
      return result;
    } catch (error) {
      // A CopyFail ends the COPY; Postgres answers it with an error, which is this one's echo.
      stream.destroy(error as Error);
      await done.catch(() => undefined);
      throw error;
    }
  });
};

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text value in COPY's text format: `\N` for null; backslash, tab and line breaks escaped. */
export const copyText = (value: string | null): string => {
  if (value === null) return '\\N';
  return SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character]!) : value;
};
