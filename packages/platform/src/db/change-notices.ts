import pg from 'pg';
import type { Logger } from '../log/logger.ts';

/** What a listener hands on: the tenants whose rows changed, or `all` when some may have been missed. */
export type ChangeNotice = { tenantIds: string[] } | { all: true };

export interface ChangeNoticeOptions {
  databaseUrl: string;
  /** The Postgres channel the schema's triggers notify on, with the tenant's id as payload. */
  channel: string;
  /** Receives batches of at most `maxBatch` tenants; must not throw. */
  announce: (notice: ChangeNotice) => void;
  maxBatch: number;
  logger: Logger;
  /** First wait before reconnecting; doubles up to 30 s. */
  retryMs?: number;
}

const MAX_RETRY_MS = 30_000;

/**
 * Listens on a Postgres channel on a connection of its own and hands on the tenants notified,
 * gathered per turn of the event loop (a transaction's notices arrive together). NOTIFY reaches
 * only connected listeners, so whenever the connection is (re)established or lost, it announces
 * `all`: whatever changed meanwhile was not heard.
 */
export const listenForChangeNotices = (options: ChangeNoticeOptions): { stop(): Promise<void> } => {
  const { databaseUrl, channel, announce, maxBatch, logger } = options;
  const pending = new Set<string>();
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  const firstRetryMs = options.retryMs ?? 1_000;
  let retryMs = firstRetryMs;

  const flush = () => {
    const tenantIds = [...pending];
    pending.clear();
    for (let start = 0; start < tenantIds.length; start += maxBatch) announce({ tenantIds: tenantIds.slice(start, start + maxBatch) });
  };

  const lost = (reason: unknown) => {
    if (stopped) return;
    logger.warn({ err: reason, channel }, 'change-notice listener lost its connection; reconnecting');
    announce({ all: true });
    const failed = client;
    client = undefined;
    void failed?.end().catch(() => undefined);
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = () => {
    retryTimer = undefined;
    if (stopped) return;
    const connection = new pg.Client({ connectionString: databaseUrl, application_name: `change-notices:${channel}` });
    client = connection;
    connection.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      // A flush is scheduled whenever something is pending: the first notice of a turn schedules it.
      if (pending.size === 0) setImmediate(flush);
      pending.add(message.payload);
    });
    connection.on('error', (error) => {
      if (client === connection) lost(error);
    });
    connection.on('end', () => {
      if (client === connection) lost(new Error('connection ended'));
    });
    connection
      .connect()
      .then(() => connection.query(`listen "${channel.replace(/"/g, '""')}"`))
      .then(() => {
        if (client !== connection) return;
        retryMs = firstRetryMs;
        // Changes committed before LISTEN took effect were not heard.
        announce({ all: true });
      })
      .catch((error: unknown) => {
        if (client === connection) lost(error);
      });
  };

  connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
};
