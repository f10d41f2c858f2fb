import { z } from 'zod';
import { defineEvent } from '@sv/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import { fanOutEvent } from '../app/delivery/fan-out.ts';
import { WEBHOOKS_SCHEMA } from '../db/index.ts';

/** Every event of the environment: `>` makes the consumer's filter `<prefix>.events.>`. */
const ANY_EVENT = defineEvent('>', z.record(z.string(), z.unknown()));

/**
 * The durable consumer that turns each event into deliveries for its tenant's matching
 * subscriptions, committed before the ack (a redelivered message queues nothing twice). Once
 * deliveries are committed, `onQueued` wakes this replica's delivery worker, so they leave at once
 * rather than at the worker's next poll.
 */
export const startFanOutConsumer = (runtime: ServiceRuntime, onQueued: () => void): Promise<EventConsumer> =>
  startEventConsumer({
    nc: runtime.nc,
    orm: runtime.orm,
    schema: WEBHOOKS_SCHEMA,
    subjectPrefix: runtime.config.subjectPrefix,
    durable: 'webhooks-fan-out',
    event: ANY_EVENT,
    logger: runtime.logger,
    handle: async (em, event) => ((await fanOutEvent(em, event)) > 0 ? onQueued : undefined),
  });
