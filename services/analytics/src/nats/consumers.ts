import { startRecordingCodeConsumers, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import type { AnalyticsContext } from '../analytics-context.ts';
import { dropFolderJobs } from '../app/streaming/drop-folder-job.ts';
import { startReportLoadWorker } from '../app/streaming/report-load-worker.ts';
import { reportingConsumers } from './reporting.consumers.ts';
import { streamingConsumers } from './streaming.consumers.ts';

/**
 * Durable consumers of analytics (explicit ack after its own commit, idempotent by event id), and
 * the report load worker, stopped with them before the ORM closes.
 */
export const analyticsConsumers = async (runtime: ServiceRuntime, context: AnalyticsContext): Promise<EventConsumer[]> => [
  startReportLoadWorker(context, context.config.loadJobs),
  ...(await reportingConsumers(runtime, context)),
  ...(await streamingConsumers(runtime, context)),
  ...dropFolderJobs(runtime, context),
  ...(await startRecordingCodeConsumers(runtime, context.recordingCodes)),
];
