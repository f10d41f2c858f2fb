import { startRecordingCodeConsumers, type EventConsumer, type ServiceRuntime } from '@sv/platform';
import type { AnalyticsContext } from '../analytics-context.ts';
import { dropFolderJobs } from '../app/streaming/drop-folder-job.ts';
import { reportingConsumers } from './reporting.consumers.ts';

/** Durable consumers of analytics (explicit ack after its own commit, idempotent by event id). */
export const analyticsConsumers = async (runtime: ServiceRuntime, context: AnalyticsContext): Promise<EventConsumer[]> => [
  ...(await reportingConsumers(runtime, context)),
  ...dropFolderJobs(runtime, context),
  ...(await startRecordingCodeConsumers(runtime, context.recordingCodes)),
];
