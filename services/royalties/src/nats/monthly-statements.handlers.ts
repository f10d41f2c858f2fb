import { RoyaltyOperation } from '@sv/contracts';
import { ok, type OperationTable } from '@sv/platform';
import { presentMonthlyStatement, presentMonthlyStatementDetail } from '../app/monthly-statements/monthly-statement.presenter.ts';
import { listMonthlyStatements, readMonthlyStatement } from '../app/monthly-statements/monthly-statements.service.ts';
import { statementPdfUrl } from '../app/monthly-statements/statement-document.ts';
import type { RoyaltiesContext } from '../royalties-context.ts';

/** Thin adapters: every caller reads its own statements (an artist its artist's, anyone else the workspace's). */
export const monthlyStatementOperations = ({ orm, blobs, catalogue }: RoyaltiesContext): OperationTable => ({
  [RoyaltyOperation.statementsList]: async (request) => {
    const statements = await listMonthlyStatements(orm.em.fork(), request.principal);
    return ok({ statements: statements.map(presentMonthlyStatement) });
  },
  [RoyaltyOperation.statementsGet]: async (request) => {
    const em = orm.em.fork();
    const { statement, rows } = await readMonthlyStatement(em, request.principal, request.params.id ?? '');
    const pdfUrl = await statementPdfUrl(em, { blobs, catalogue }, request.principal, statement, rows);
    return ok({ statement: presentMonthlyStatementDetail(statement, rows, pdfUrl) });
  },
});
