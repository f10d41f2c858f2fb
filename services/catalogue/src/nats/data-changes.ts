import type { NatsConnection } from '@nats-io/transport-node';
import { CatalogueDataChanged, DATA_CHANGED_MAX_TENANTS, catalogueDataChangedSubject } from '@sv/contracts';
import { listenForChangeNotices, withTimeout, type ChangeNotice, type Logger } from '@sv/platform';
import { DATA_CHANGED_CHANNEL } from '../db/migrations/Migration20261202000700_data_change_notices.ts';

const encoder = new TextEncoder();

/**
 * Hands the database's change notices of tenants' catalogue rows on to the bus, where every
 * gateway replica hears them (core NATS: whoever listens now; a gateway that reconnects forgets
 * everything it cached on its own).
 */
export const announceCatalogueChanges = (nc: NatsConnection, prefix: string, databaseUrl: string, logger: Logger): { stop(): Promise<void> } => {
  const subject = catalogueDataChangedSubject(prefix);
  const publish = (notice: ChangeNotice) => {
    const message = CatalogueDataChanged.safeParse('all' in notice ? { all: true } : { tenant_ids: notice.tenantIds });
    try {
      nc.publish(subject, encoder.encode(JSON.stringify(message.success ? message.data : { all: true })));
    } catch (error) {
      // The bus is down: every gateway forgets its cache when it reconnects.
      logger.warn({ err: error }, 'catalogue change not announced');
    }
  };
  const listener = listenForChangeNotices({ databaseUrl, channel: DATA_CHANGED_CHANNEL, announce: publish, maxBatch: DATA_CHANGED_MAX_TENANTS, logger });
  return {
    async stop() {
      await listener.stop();
      // No longer listening, and no longer answering: gateways forget the answers they kept, so
      // the catalogue's reads are 503 as soon as no replica is left, as every other route's are.
      publish({ all: true });
      // At most a second: a bus that is away must not hold up the shutdown.
      await withTimeout(nc.flush(), 1_000, 'flushing the last change notice').catch(() => undefined);
    },
  };
};
