import type { EntityManager } from '@mikro-orm/postgresql';
import { SalesReport } from '../../db/entities/sales-report.entity.ts';
import { SalesReportAlreadyLoadedError, SalesReportSupersededError } from './finance.errors.ts';
import type { DsrIdentity } from './sales-report-file.ts';

/*
 * A file already loaded, and a revision. Exactly:
 * - Already loaded: the tenant has a report, live or replaced, with the same SHA-256 of the bytes,
 *   or (a DSR) the same MessageId and FileNumber. It is refused (409, naming that report), so
 *   nothing is counted twice; a file of a message a revision has replaced is refused too.
 * - Revision: a DSR whose sender (party id, else name), profile and usage period (HEAD start and
 *   end) are those of live reports of the same finance period, under another MessageId. DSR flat
 *   files carry no revision flag, so the new MessageId is the mark. Those reports (every file of
 *   their message) are marked replaced by the new one in the transaction that stores it; they keep
 *   their rows for the record and no longer count. Reports of other finance periods are left as
 *   they are. A CSV has no MessageId and the upload no reference to a report it replaces: a CSV is
 *   never a revision.
 */

export interface ReportIdentity {
  /** Null for a report sent as JSON lines. */
  sha256: string | null;
  dsr: DsrIdentity | null;
}

/** The report that already holds this file (same bytes, or same DSR file of its message), if any. */
export const loadedReportOf = async (em: EntityManager, tenantId: string, identity: ReportIdentity): Promise<SalesReport | null> => {
  const same = [
    ...(identity.sha256 ? [{ sha256: identity.sha256 }] : []),
    ...(identity.dsr ? [{ dsrMessageId: identity.dsr.messageId, dsrFileNumber: identity.dsr.fileNumber }] : []),
  ];
  if (same.length === 0) return null;
  return em.findOne(SalesReport, { tenantId, $or: same }, { orderBy: { createdAt: 'asc', id: 'asc' } });
};

/** Refuses a file already loaded (409), and a file of a DSR message a revision has replaced (409). */
export const refuseLoadedFile = async (em: EntityManager, tenantId: string, identity: ReportIdentity): Promise<void> => {
  const loaded = await loadedReportOf(em, tenantId, identity);
  if (loaded) throw new SalesReportAlreadyLoadedError(loaded.id);
  if (!identity.dsr) return;
  const replaced = await em.findOne(SalesReport, { tenantId, dsrMessageId: identity.dsr.messageId, replacedBy: { $ne: null } });
  if (replaced) throw new SalesReportSupersededError(identity.dsr.messageId, replaced.replacedBy!);
};

/** Marks the live reports `revision` revises as replaced by it; answers their ids. */
export const replaceRevisedReports = async (tx: EntityManager, revision: SalesReport, dsr: DsrIdentity, now: Date): Promise<string[]> => {
  const rows = await tx.execute<{ id: string }[]>(
    `update "royalties"."sales_report" set "replaced_by" = ?, "superseded_at" = ?
      where "tenant_id" = ? and "period_id" = ? and "superseded_at" is null and "id" <> ?
        and "dsr_message_id" <> ? and "dsr_sender" = ? and "dsr_profile" = ? and "dsr_usage_start" = ? and "dsr_usage_end" = ?
      returning "id"`,
    [revision.id, now, revision.tenantId, revision.periodId, revision.id, dsr.messageId, dsr.sender, dsr.profile, dsr.usageStart, dsr.usageEnd],
  );
  return rows.map((row) => row.id);
};
