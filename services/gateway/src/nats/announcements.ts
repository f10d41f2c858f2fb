import type { NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import type { Logger } from '@sv/platform';

export interface AnnouncementListener<T> {
  heard(announcement: T): void;
  /** Announcements may have been missed (the connection dropped, one did not parse): forget everything. */
  mayHaveMissedChanges(): void;
}

/**
 * Hears a core NATS announcement feed: every replica hears every announcement (no queue group).
 * Core NATS delivers at most once, so after any disconnect, subscription error or unreadable
 * announcement the listener is told it may have missed some.
 */
export const listenForAnnouncements = <T>(
  nc: NatsConnection,
  subject: string,
  schema: z.ZodType<T>,
  listener: AnnouncementListener<T>,
  logger: Logger,
): { stop(): void } => {
  const subscription = nc.subscribe(subject, {
    callback: (error, msg) => {
      if (error) {
        logger.warn({ err: error, subject }, 'announcement subscription error');
        listener.mayHaveMissedChanges();
        return;
      }
      let data: unknown;
      try {
        data = msg.json();
      } catch {
        data = undefined;
      }
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        logger.warn({ subject }, 'malformed announcement; forgetting everything it guards');
        listener.mayHaveMissedChanges();
        return;
      }
      listener.heard(parsed.data);
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
