import { PRIVATE_KEY_PREFIX, BlobNotFoundError, isBlobKey, type BlobStore } from '@sv/platform';
import type { StreamingReportSummary } from '@sv/contracts';
import { loadReportFile, type ReportLoadDeps } from './report-load.ts';
import { ReportBlobRefusedError } from './streaming.errors.ts';

/**
 * Loads a report file the operator stored as a private blob of the tenant (the operator command
 * puts it there first: large files never ride NATS). A key outside the tenant's private files, or
 * one that holds nothing, is refused.
 */
export const loadStoredReport = async (
  deps: ReportLoadDeps & { blobs: BlobStore },
  tenantId: string,
  input: { blobKey: string; fileName: string; store?: string | undefined },
): Promise<StreamingReportSummary> => {
  if (!isBlobKey(input.blobKey) || !input.blobKey.startsWith(`${PRIVATE_KEY_PREFIX}${tenantId}/`)) throw new ReportBlobRefusedError();
  const open = async () => {
    try {
      return await deps.blobs.read(input.blobKey);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw new ReportBlobRefusedError();
      throw error;
    }
  };
  return loadReportFile(deps, tenantId, { fileName: input.fileName, blobKey: input.blobKey, open }, { store: input.store });
};
