import { RECORDING_CODE_EVENTS } from '@sv/contracts';
import { startEventConsumer, type EventConsumer } from '../nats/event-consumer.ts';
import type { ServiceRuntime } from '../service-runtime.ts';
import { buildRecordingCodesWhenEmpty } from './recording-code-first-build.ts';
import type { RecordingCodeProjection } from './recording-code-projection.ts';

/**
 * One durable consumer per catalogue event that may change a release's codes, shared by the
 * service's replicas. Each message is parsed with its event's schema and refreshes the release it
 * names in the consumer's transaction (acked after it commits); a redelivery is recognised by the
 * inbox, and a refresh applied twice writes nothing new. A service that keeps nothing yet copies
 * every code first (`buildRecordingCodesWhenEmpty`).
 */
export const startRecordingCodeConsumers = async (runtime: ServiceRuntime, projection: RecordingCodeProjection): Promise<EventConsumer[]> => [
  ...(await Promise.all(
    RECORDING_CODE_EVENTS.map((event) =>
      startEventConsumer({
        nc: runtime.nc,
        orm: runtime.orm,
        schema: projection.schema,
        subjectPrefix: runtime.config.subjectPrefix,
        logger: runtime.logger,
        durable: `${runtime.service}-codes-${event.name.replace(/\./g, '-')}`,
        event,
        handle: async (em, consumed) => {
          // Recording codes are a tenant's; an event without one names none.
          if (!consumed.tenant_id) return;
          await projection.refresh(em, consumed.tenant_id, consumed.data.release_id);
        },
      }),
    ),
  )),
  buildRecordingCodesWhenEmpty({ orm: runtime.orm, projection, logger: runtime.logger }),
];
