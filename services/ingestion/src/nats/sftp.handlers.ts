import { IngestionOperation, SftpSupplierBody } from '@sv/contracts';
import { ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { registerSupplier } from '../app/sftp/sftp-suppliers.ts';
import type { IngestionContext } from '../ingestion-context.ts';

/** The operator command's side of the drop folder. */
export const sftpOperations = ({ orm, config }: IngestionContext): OperationTable => ({
  [IngestionOperation.sftpSuppliersRegister]: async (request) =>
    ok({ supplier: await registerSupplier(orm.em.fork(), config.dropFolder, request.principal, parseOrThrow(SftpSupplierBody, request.body)) }),
});
