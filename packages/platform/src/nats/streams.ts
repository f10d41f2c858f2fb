import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { nanos } from '@nats-io/transport-node';
import { allEventsSubject, eventStreamName } from '@sv/contracts';

/** How long JetStream remembers a Nats-Msg-Id, so a relay retry after a crash is dropped. */
export const EVENT_DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
/** How long the stream keeps an event (limits retention: acknowledging does not remove it). */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Attempts at creating the stream; a server may fail one transiently (see below). */
const CREATE_ATTEMPTS = 5;

/**
 * Creates the environment's event stream if it does not exist yet; safe to call from every replica.
 * With `replicas`, a stream kept in fewer copies (made before the cluster grew) is raised to it.
 */
export const ensureEventStream = async (nc: NatsConnection, prefix: string, options: { replicas?: number } = {}): Promise<JetStreamManager> => {
  const jsm = await jetstreamManager(nc);
  const name = eventStreamName(prefix);
  for (let attempt = 1; ; attempt++) {
    const existing = await jsm.streams.info(name).catch(() => undefined);
    if (existing) {
      if (options.replicas !== undefined && existing.config.num_replicas < options.replicas) {
        await jsm.streams.update(name, { ...existing.config, num_replicas: options.replicas });
      }
      return jsm;
    }
    try {
      await jsm.streams.add({
        name,
        subjects: [allEventsSubject(prefix)],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        duplicate_window: nanos(EVENT_DUPLICATE_WINDOW_MS),
        max_age: nanos(EVENT_RETENTION_MS),
        num_replicas: options.replicas ?? 1,
      });
      return jsm;
    } catch (error) {
      // Another replica may have created it between our info and add. A file-store server can
      // also refuse a create while it removes another stream's last directory ("error creating
      // store for stream"); the same create succeeds a moment later.
      if (await jsm.streams.info(name).then(() => true, () => false)) return jsm;
      if (attempt >= CREATE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
};
