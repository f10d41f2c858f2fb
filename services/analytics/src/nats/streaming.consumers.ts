import { FinanceEvents } from '@sv/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import type { AnalyticsContext } from '../analytics-context.ts';
import { queueSalesReportLoad } from '../app/streaming/finance-report-loads.ts';
import { ANALYTICS_SCHEMA } from '../db/index.ts';

/** The streaming family's consumers: a sales report finance recorded from a DSR is loaded into the streams too. */
export const streamingConsumers = async (runtime: ServiceRuntime, context: AnalyticsContext): Promise<EventConsumer[]> => [
  await startEventConsumer({
    nc: runtime.nc,
    orm: runtime.orm,
    schema: ANALYTICS_SCHEMA,
    subjectPrefix: runtime.config.subjectPrefix,
    logger: runtime.logger,
    durable: 'analytics-sales-report-loads',
    event: FinanceEvents.salesReportRecorded,
    handle: async (em, event) => {
      if (!event.tenant_id) return;
      const job = await queueSalesReportLoad(em, context.royalties, event.tenant_id, event.data.sales_report_id);
      if (job) runtime.logger.info({ report_load_job_id: job.id, sales_report_id: event.data.sales_report_id }, 'sales report queued for the streams');
    },
  }),
];
