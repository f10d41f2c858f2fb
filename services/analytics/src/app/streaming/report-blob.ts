import { PRIVATE_KEY_PREFIX, BlobNotFoundError, isBlobKey, type BlobStore } from '@sv/platform';
import type { StreamingReportSummary } from '@sv/contracts';
import { loadReportFile, type ReportLoadDeps, type ReportLoadProgress } from './report-load.ts';
import { ReportBlobRefusedError } from './streaming.errors.ts';

/** Refuses a key outside the tenant's private files: a load never reads another tenant's file. */
export const assertTenantBlob = (tenantId: string, blobKey: string): void => {
  if (!isBlobKey(blobKey) || !blobKey.startsWith(`${PRIVATE_KEY_PREFIX}${tenantId}/`)) throw new ReportBlobRefusedError();
};

/**
 * Loads a report file stored as a private blob of the tenant (the operator command puts it there
 * first, finance keeps its uploads there: large files never ride NATS). A key outside the tenant's
 * private files, or one that holds nothing, is refused.
 */
export const loadStoredReport = async (
  deps: ReportLoadDeps & { blobs: BlobStore },
  tenantId: string,
  input: { blobKey: string; fileName: string; store?: string | undefined },
  watch: { onProgress?: (progress: ReportLoadProgress) => void; signal?: AbortSignal } = {},
): Promise<StreamingReportSummary> => {
  assertTenantBlob(tenantId, input.blobKey);
  const open = async () => {
    try {
      return await deps.blobs.read(input.blobKey);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw new ReportBlobRefusedError();
      throw error;
    }
  };
  return loadReportFile(deps, tenantId, { fileName: input.fileName, blobKey: input.blobKey, open }, { store: input.store, ...watch });
};
