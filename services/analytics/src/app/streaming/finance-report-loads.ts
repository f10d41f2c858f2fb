import type { EntityManager } from '@mikro-orm/postgresql';
import { systemPrincipal } from '@sv/contracts';
import type { RoyaltiesPort } from '../royalties-port.ts';
import { enqueueReportLoad } from './report-load-jobs.ts';
import type { ReportLoadJob } from '../../db/entities/report-load-job.entity.ts';

/** The source a finance sales report's load is known by: one load per report and tenant. */
export const salesReportSource = (salesReportId: string): string => `sales_report:${salesReportId}`;

/**
 * Loaded once, used twice: a sales report finance recorded from a DSR file is loaded into the
 * streams from the same stored bytes, as `analytics load` of that file would. Loading it through
 * both doors counts it once: the load replaces an earlier one of the same bytes, and a revised
 * report of the same store and days. A finance sales CSV (no days, money only) and a report of
 * JSON lines hold no streams: nothing is queued for them. Answers the job, or null when none.
 */
export const queueSalesReportLoad = async (em: EntityManager, royalties: RoyaltiesPort, tenantId: string, salesReportId: string): Promise<ReportLoadJob | null> => {
  const file = await royalties.salesReportFile(systemPrincipal(tenantId, 'analytics'), salesReportId);
  if (!file || file.dsr_message_id === null) return null;
  return enqueueReportLoad(em, tenantId, {
    origin: 'finance',
    blobKey: file.file_key,
    fileName: file.file_name ?? `sales-report-${salesReportId}.tsv`,
    sourceRef: salesReportSource(salesReportId),
    // Its size, when royalties knows it, gives the job's progress a percent from the start.
    bytesTotal: file.file_size,
  });
};
