import type { EntityManager } from '@mikro-orm/postgresql';
import { allocateCents } from '../ledger/money.ts';
import { payeeOfArtist, postJournal, TENANT_PAYEE, type JournalLeg, type Payee } from '../ledger/ledger.ts';
import { changeStatement } from './statement-access.ts';
import { recordStatementApproved, recordStatementPaid } from './statement-events.ts';
import { StatementNotApprovedError, StatementNotCompletedError } from './statements.errors.ts';

/** Each payee's share of the statement in micro-units: matched artists, and the tenant for the rest. */
const payeeShares = async (tx: EntityManager, tenantId: string, statementId: string): Promise<{ payee: Payee; micros: bigint }[]> => {
  const rows = await tx.execute<{ artist_id: string | null; total: string }[]>(
    `select "artist_id", sum("revenue_micros")::text as "total"
       from "royalties"."royalty_line_item"
      where "tenant_id" = ? and "statement_id" = ?
      group by "artist_id"
      order by "artist_id" asc nulls last`,
    [tenantId, statementId],
  );
  return rows.map((row) => ({ payee: payeeOfArtist(row.artist_id), micros: BigInt(row.total) }));
};

/**
 * The approval journal: every payee's floored share to payee_pending, the rounded total out of
 * royalty_income, and the rounding remainder to the tenant, so no cent is lost or invented.
 */
export const approvalLegs = (shares: { payee: Payee; micros: bigint }[]): { legs: JournalLeg[]; total: bigint } => {
  const allocation = allocateCents(shares);
  const legs: JournalLeg[] = [
    { account: 'royalty_income', payee: TENANT_PAYEE, amount: -allocation.total },
    ...allocation.shares.map((share): JournalLeg => ({ account: 'payee_pending', payee: share.payee, amount: share.cents })),
    { account: 'payee_pending', payee: TENANT_PAYEE, amount: allocation.remainder },
  ];
  return { legs, total: allocation.total };
};

/** POST /royalties/{uuid}/approve: only from completed; the status, its journal and its event commit together. */
export const approveStatement = (em: EntityManager, tenantId: string, statementId: string) =>
  changeStatement(em, tenantId, statementId, async (tx, statement) => {
    if (statement.status !== 'completed') throw new StatementNotCompletedError();
    const { legs, total } = approvalLegs(await payeeShares(tx, tenantId, statement.id));
    const now = new Date();
    postJournal(tx, { tenantId, currency: statement.currency, cause: { type: 'statement_approval', id: statement.id }, legs, at: now });
    statement.status = 'approved';
    statement.approvedAt = now;
    statement.updatedAt = now;
    recordStatementApproved(tx, statement, total);
    return statement;
  });

/** POST /royalties/{uuid}/pay: only from approved; what approval made pending becomes available, per payee, in one journal. */
export const payStatement = (em: EntityManager, tenantId: string, statementId: string) =>
  changeStatement(em, tenantId, statementId, async (tx, statement) => {
    if (statement.status !== 'approved') throw new StatementNotApprovedError();
    const pending = await tx.execute<{ payee_type: 'artist' | 'tenant'; payee_id: string | null; total: string }[]>(
      `select "payee_type", "payee_id", sum("amount_minor")::text as "total"
         from "royalties"."ledger_entry"
        where "tenant_id" = ? and "cause_type" = 'statement_approval' and "cause_id" = ? and "account" = 'payee_pending'
        group by "payee_type", "payee_id"
        order by "payee_type", "payee_id" nulls last`,
      [tenantId, statement.id],
    );
    const legs = pending.flatMap((row): JournalLeg[] => {
      const payee = payeeOfArtist(row.payee_type === 'artist' ? row.payee_id : null);
      const amount = BigInt(row.total);
      return [
        { account: 'payee_pending', payee, amount: -amount },
        { account: 'payee_available', payee, amount },
      ];
    });
    const now = new Date();
    postJournal(tx, { tenantId, currency: statement.currency, cause: { type: 'statement_payment', id: statement.id }, legs, at: now });
    statement.status = 'paid';
    statement.paidAt = now;
    statement.updatedAt = now;
    recordStatementPaid(tx, statement, pending.reduce((sum, row) => sum + BigInt(row.total), 0n));
    return statement;
  });
