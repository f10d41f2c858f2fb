import { CreateRoyaltyStatementBody, DefaultListQuery, RoyaltyLineItemsBody, RoyaltyOperation } from '@sv/contracts';
import { assertCan, created, ok, parseOrThrow, type OperationTable } from '@sv/platform';
import { presentStatement, presentStatementDetail, presentSummary } from '../app/statements/statement.presenter.ts';
import { approveStatement, payStatement } from '../app/statements/statement-settlement.ts';
import { addLineItems, createStatement, listStatements, readStatement, summarizeStatement } from '../app/statements/statements.service.ts';
import type { RoyaltiesContext } from '../royalties-context.ts';

/** File-level royalty statements: thin adapters, one use-case each on a forked ORM context. */
export const statementOperations = ({ orm, catalogue }: RoyaltiesContext): OperationTable => ({
  [RoyaltyOperation.create]: async (request) => {
    assertCan(request.principal, 'finance.manage');
    const body = parseOrThrow(CreateRoyaltyStatementBody, request.body ?? {});
    const statement = await createStatement(orm.em.fork(), request.principal, body);
    return created({ statement: presentStatementDetail(statement, []) });
  },
  [RoyaltyOperation.lineItems]: async (request) => {
    assertCan(request.principal, 'finance.manage');
    const body = parseOrThrow(RoyaltyLineItemsBody, request.body ?? {});
    const { statement, lines } = await addLineItems(orm.em.fork(), catalogue, request.principal, request.params.uuid ?? '', body);
    return ok({ statement: presentStatementDetail(statement, lines) });
  },
  [RoyaltyOperation.list]: async (request) => {
    assertCan(request.principal, 'finance.manage');
    const query = parseOrThrow(DefaultListQuery, request.query);
    const page = await listStatements(orm.em.fork(), request.principal.tenant_id, query);
    return ok({ statements: page.rows.map(presentStatement), total: page.total, meta: page.meta });
  },
  [RoyaltyOperation.get]: async (request) => {
    assertCan(request.principal, 'finance.manage');
    const { statement, lines } = await readStatement(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
    return ok({ statement: presentStatementDetail(statement, lines) });
  },
  [RoyaltyOperation.summary]: async (request) => {
    assertCan(request.principal, 'finance.manage');
    const { statement, artists } = await summarizeStatement(orm.em.fork(), request.principal.tenant_id, request.params.uuid ?? '');
    return ok({ summary: presentSummary(statement, artists) });
  },
  [RoyaltyOperation.approve]: async (request) => {
    assertCan(request.principal, 'royalties.approve');
    const em = orm.em.fork();
    const statement = await approveStatement(em, request.principal.tenant_id, request.params.uuid ?? '');
    const { lines } = await readStatement(em, request.principal.tenant_id, statement.id);
    return ok({ statement: presentStatementDetail(statement, lines) });
  },
  [RoyaltyOperation.pay]: async (request) => {
    assertCan(request.principal, 'royalties.pay');
    const em = orm.em.fork();
    const statement = await payStatement(em, request.principal.tenant_id, request.params.uuid ?? '');
    const { lines } = await readStatement(em, request.principal.tenant_id, statement.id);
    return ok({ statement: presentStatementDetail(statement, lines) });
  },
});
