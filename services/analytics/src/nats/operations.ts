import { combineOperationTables, recordingCodeOperations, type OperationTable } from '@sv/platform';
import type { AnalyticsContext } from '../analytics-context.ts';
import { reportingOperations } from './reporting.handlers.ts';
import { streamingOperations } from './streaming.handlers.ts';

/** Every operation analytics answers on `sv.<env>.api.analytics`; one handler file per family. */
export const analyticsOperations = (context: AnalyticsContext): OperationTable =>
  combineOperationTables('analytics', [
    reportingOperations(context),
    streamingOperations(context),
    recordingCodeOperations(context.recordingCodes),
  ]);
