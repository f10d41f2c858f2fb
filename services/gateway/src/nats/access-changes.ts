import type { NatsConnection } from '@nats-io/transport-node';
import { AccessChanged, accessChangedSubject } from '@sv/contracts';
import type { Logger } from '@sv/platform';

const encoder = new TextEncoder();

/** Announces that who may call the API changed for a tenant; flushed, so it has left when this resolves. */
export const publishAccessChanged = async (nc: NatsConnection, prefix: string, tenantId: string): Promise<void> => {
  nc.publish(accessChangedSubject(prefix), encoder.encode(JSON.stringify(AccessChanged.parse({ tenant_id: tenantId }))));
  await nc.flush();
};

export interface AccessChangeListener {
  /** A tenant's credentials changed. */
  tenantChanged(tenantId: string): void;
  /** Announcements may have been missed (the connection dropped): forget everything. */
  mayHaveMissedChanges(): void;
}

/**
 * Every replica hears every announcement (no queue group). Core NATS delivers at most once, so
 * after any disconnect the listener is told it may have missed some.
 */
export const listenForAccessChanges = (nc: NatsConnection, prefix: string, listener: AccessChangeListener, logger: Logger): { stop(): void } => {
  const subscription = nc.subscribe(accessChangedSubject(prefix), {
    callback: (error, msg) => {
      if (error) {
        logger.warn({ err: error }, 'access-change subscription error');
        listener.mayHaveMissedChanges();
        return;
      }
      let data: unknown;
      try {
        data = msg.json();
      } catch {
        data = undefined;
      }
      const parsed = AccessChanged.safeParse(data);
      if (!parsed.success) {
        logger.warn('malformed access-change announcement; forgetting every cached credential');
        listener.mayHaveMissedChanges();
        return;
      }
      listener.tenantChanged(parsed.data.tenant_id);
    },
  });
  let stopped = false;
  void (async () => {
    for await (const status of nc.status()) {
      if (stopped) return;
      if (status.type === 'disconnect' || status.type === 'reconnect') listener.mayHaveMissedChanges();
    }
  })().catch(() => undefined);
  return {
    stop() {
      stopped = true;
      subscription.unsubscribe();
    },
  };
};
