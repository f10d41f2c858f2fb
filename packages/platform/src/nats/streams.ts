import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { nanos } from '@nats-io/transport-node';
import { allEventsSubject, eventStreamName } from '@sv/contracts';

/** How long JetStream remembers a Nats-Msg-Id, so a relay retry after a crash is dropped. */
const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
const RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Creates the environment's event stream if it does not exist yet; safe to call from every replica. */
export const ensureEventStream = async (nc: NatsConnection, prefix: string): Promise<JetStreamManager> => {
  const jsm = await jetstreamManager(nc);
  const name = eventStreamName(prefix);
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add({
        name,
        subjects: [allEventsSubject(prefix)],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        max_age: nanos(RETENTION_MS),
      });
    } catch (error) {
      // Another replica may have created it between our info and add.
      await jsm.streams.info(name).catch(() => {
        throw error;
      });
    }
  }
  return jsm;
};
