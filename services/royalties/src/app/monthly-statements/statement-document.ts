import { createHash, randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@sv/contracts';
import { putBuffer, type BlobStore } from '@sv/platform';
import { StatementDocument } from '../../db/entities/statement-document.entity.ts';
import { payeeOfPrincipal } from '../balance/balance.service.ts';
import type { CataloguePort } from '../catalogue-port.ts';
import { centsToUsd, roundMicrosToCents } from '../ledger/money.ts';
import type { MonthlyStatement } from './monthly-statements.service.ts';
import type { BreakdownRow } from './payee-breakdown.ts';
import { renderStatementPdf, type StatementDocument as PdfContent } from './statement-pdf.ts';

/** How long a statement's PDF link works: long enough to open it, short enough not to travel. */
export const PDF_URL_SECONDS = 15 * 60;

/** What the PDF shows, with the names of the workspace and the payee. */
const contentOf = async (catalogue: CataloguePort, principal: Principal, statement: MonthlyStatement, rows: BreakdownRow[]): Promise<PdfContent> => {
  const tenantName = await catalogue.tenantName(principal);
  const payeeName = principal.artist_id ? ((await catalogue.artistName(principal, principal.artist_id)) ?? 'Artist') : tenantName;
  return {
    tenantName,
    payeeName,
    period: statement.period,
    currency: 'USD',
    totalUsd: centsToUsd(statement.totalCents),
    status: statement.status,
    issuedAt: statement.createdAt,
    rows: rows.map((row) => ({ releaseTitle: row.releaseTitle, dsp: row.dsp, streams: row.streams, revenueUsd: centsToUsd(roundMicrosToCents(row.revenueMicros)) })),
  };
};

/**
 * The signed, expiring URL of the statement's PDF, rendering and storing it (private) the first time
 * this content is asked for. Only the payee reads its own statements, so only it obtains the link.
 */
export const statementPdfUrl = async (
  em: EntityManager,
  deps: { blobs: BlobStore; catalogue: CataloguePort },
  principal: Principal,
  statement: MonthlyStatement,
  rows: BreakdownRow[],
): Promise<string> => {
  const content = await contentOf(deps.catalogue, principal, statement, rows);
  const fingerprint = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  const payee = payeeOfPrincipal(principal);
  const where = { tenantId: principal.tenant_id, payeeType: payee.type, payeeId: payee.id, period: statement.period, fingerprint };
  let document = await em.findOne(StatementDocument, where);
  if (!document) {
    const stored = await putBuffer(deps.blobs, await renderStatementPdf(content), {
      tenantId: principal.tenant_id,
      extension: '.pdf',
      contentType: 'application/pdf',
      visibility: 'private',
    });
    try {
      document = em.create(StatementDocument, { id: randomUUID(), ...where, blobKey: stored.key, createdAt: new Date() });
      await em.flush();
    } catch (error) {
      // Another reader stored the same content first: keep theirs.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      await deps.blobs.remove(stored.key);
      em.clear();
      document = await em.findOneOrFail(StatementDocument, where);
    }
  }
  return deps.blobs.readUrl(document.blobKey, PDF_URL_SECONDS);
};
