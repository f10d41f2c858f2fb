import { z } from 'zod';
import { defineEvent } from '@sv/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import { fanOutEvent } from '../app/delivery/fan-out.ts';
import { WEBHOOKS_SCHEMA } from '../db/index.ts';

/** Every event of the environment: `>` makes the consumer's filter `<prefix>.events.>`. */
const ANY_EVENT = defineEvent('>', z.record(z.string(), z.unknown()));

/**
 * The durable consumer that turns each event into deliveries for its tenant's matching
 * subscriptions, committed before the ack (a redelivered message queues nothing twice).
 */
export const startFanOutConsumer = (runtime: ServiceRuntime): Promise<EventConsumer> =>
  startEventConsumer({
    nc: runtime.nc,
    orm: runtime.orm,
    schema: WEBHOOKS_SCHEMA,
    subjectPrefix: runtime.config.subjectPrefix,
    durable: 'webhooks-fan-out',
    event: ANY_EVENT,
    logger: runtime.logger,
    handle: async (em, event) => {
      await fanOutEvent(em, event);
    },
  });
