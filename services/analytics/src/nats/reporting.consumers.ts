import { RoyaltyEvents } from '@sv/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import type { AnalyticsContext } from '../analytics-context.ts';
import { copyStatementFacts } from '../app/reporting/royalty-facts.ts';
import { ANALYTICS_SCHEMA } from '../db/index.ts';

/** The first family's consumers: royalty statements' facts, copied when a statement completes. */
export const reportingConsumers = async (runtime: ServiceRuntime, context: AnalyticsContext): Promise<EventConsumer[]> => [
  await startEventConsumer({
    nc: runtime.nc,
    orm: runtime.orm,
    schema: ANALYTICS_SCHEMA,
    subjectPrefix: runtime.config.subjectPrefix,
    logger: runtime.logger,
    durable: 'analytics-statement-facts',
    event: RoyaltyEvents.statementCompleted,
    handle: async (em, event) => {
      if (!event.tenant_id) return;
      await copyStatementFacts(em, context.royalties, event.tenant_id, event.data);
    },
  }),
];
