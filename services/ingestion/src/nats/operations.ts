import { combineOperationTables, type OperationTable } from '@sv/platform';
import type { IngestionContext } from '../ingestion-context.ts';
import { channelOperations } from './channels.handlers.ts';
import { ddexValidationOperations } from './ddex-validation.handlers.ts';
import { jobOperations } from './jobs.handlers.ts';
import { sftpOperations } from './sftp.handlers.ts';

/** Every operation ingestion answers on `sv.<env>.api.ingestion`; one handler file per feature. */
export const ingestionOperations = (context: IngestionContext): OperationTable =>
  combineOperationTables('ingestion', [
    channelOperations(context),
    ddexValidationOperations(),
    jobOperations(context),
    sftpOperations(context),
  ]);
