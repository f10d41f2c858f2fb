import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../log/logger.ts';
import { backoffDelayMs } from '../queue/backoff.ts';
import type { EventConsumer } from '../nats/event-consumer.ts';
import type { RecordingCodeProjection } from './recording-code-projection.ts';

/** Retries of a first build that could not reach the catalogue: from a second up to a minute apart. */
const FIRST_BUILD_BACKOFF = { baseMs: 1_000, capMs: 60_000 };

const keepsNothing = async (orm: MikroORM, schema: string): Promise<boolean> => {
  const [row] = await orm.em
    .fork()
    .execute<{ kept: boolean }[]>(
      `select exists (select 1 from "${schema}"."recording_track_code") or exists (select 1 from "${schema}"."recording_release_code") as "kept"`,
    );
  return !row?.kept;
};

/**
 * A service that keeps nothing yet (first deployment, or its tables emptied) copies every tenant's
 * codes from the catalogue once, in the background: the events replayed from the stream cover only
 * what it still holds, and a report matched against a half-filled copy would silently match too
 * little. Until the catalogue answers it tries again with backoff; stopping the service ends it.
 * Two replicas starting together both rebuild; the rebuild is idempotent and takes the whole lock.
 */
export const buildRecordingCodesWhenEmpty = (options: { orm: MikroORM; projection: RecordingCodeProjection; logger: Logger }): EventConsumer => {
  const { orm, projection, logger } = options;
  const stopping = new AbortController();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stopping.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  const run = async (): Promise<void> => {
    for (let attempt = 0; !stopping.signal.aborted; attempt += 1) {
      try {
        if (!(await keepsNothing(orm, projection.schema))) return;
        const built = await projection.rebuild('all');
        logger.info({ ...built }, 'recording codes copied from the catalogue');
        return;
      } catch (error) {
        if (stopping.signal.aborted) return;
        logger.warn({ err: error, attempt }, 'recording codes not copied yet; trying again');
        await pause(backoffDelayMs(attempt, FIRST_BUILD_BACKOFF) + FIRST_BUILD_BACKOFF.baseMs);
      }
    }
  };
  const running = run();
  return {
    stop: async () => {
      stopping.abort();
      await running;
    },
  };
};
