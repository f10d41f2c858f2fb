import type { EntityManager } from '@mikro-orm/postgresql';
import { allocateToPayees, type Allocation, type AllocationLine } from '../allocation/payee-allocation.ts';
import { splitsInForce } from '../allocation/splits-in-force.ts';
import { ledgerPayee, postJournal, TENANT_PAYEE, type JournalLeg } from '../ledger/ledger.ts';
import { changeStatement } from './statement-access.ts';
import { recordStatementApproved, recordStatementPaid } from './statement-events.ts';
import { StatementNotApprovedError, StatementNotCompletedError } from './statements.errors.ts';

/**
 * The statement's lines netted per recording (a track matched by ISRC keeps its track, so its split
 * applies; a release matched by UPC and an unmatched line have none), in the order of their first line.
 */
const recordingsOf = async (tx: EntityManager, tenantId: string, statementId: string): Promise<AllocationLine[]> => {
  const rows = await tx.execute<{ track_id: string | null; artist_id: string | null; total: string }[]>(
    `select "track_id", "artist_id", sum("revenue_micros")::text as "total"
       from "royalties"."royalty_line_item"
      where "tenant_id" = ? and "statement_id" = ?
      group by "track_id", "artist_id"
      order by min("position")`,
    [tenantId, statementId],
  );
  return rows.map((row) => ({ trackId: row.track_id, artistId: row.artist_id, micros: BigInt(row.total) }));
};

/** What the statement owes each payee: its lines, and the splits in force for their tracks (one read for all). */
const allocationOf = async (tx: EntityManager, tenantId: string, statementId: string): Promise<Allocation> => {
  const lines = await recordingsOf(tx, tenantId, statementId);
  const splits = await splitsInForce(tx, tenantId, lines.flatMap((line) => (line.trackId ? [line.trackId] : [])));
  return allocateToPayees(lines, splits);
};

/** The approval journal: every payee's cents to payee_pending, their sum (the rounded total) out of royalty_income. */
export const approvalLegs = (allocation: Allocation): { legs: JournalLeg[]; total: bigint } => ({
  legs: [
    { account: 'royalty_income', payee: TENANT_PAYEE, amount: -allocation.totalCents },
    ...allocation.payees.map((share): JournalLeg => ({ account: 'payee_pending', payee: ledgerPayee(share.payee), amount: share.cents })),
  ],
  total: allocation.totalCents,
});

/** POST /royalties/{uuid}/approve: only from completed; the status, its journal and its event commit together. */
export const approveStatement = (em: EntityManager, tenantId: string, statementId: string) =>
  changeStatement(em, tenantId, statementId, async (tx, statement) => {
    if (statement.status !== 'completed') throw new StatementNotCompletedError();
    const { legs, total } = approvalLegs(await allocationOf(tx, tenantId, statement.id));
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
    const pending = await tx.execute<{ payee_type: string; payee_id: string | null; payee_email: string | null; total: string }[]>(
      `select "payee_type", "payee_id", "payee_email", sum("amount_minor")::text as "total"
         from "royalties"."ledger_entry"
        where "tenant_id" = ? and "cause_type" = 'statement_approval' and "cause_id" = ? and "account" = 'payee_pending'
        group by "payee_type", "payee_id", "payee_email"
        order by "payee_type", "payee_id" nulls last, "payee_email" nulls last`,
      [tenantId, statement.id],
    );
    const legs = pending.flatMap((row): JournalLeg[] => {
      const payee = ledgerPayee({ type: row.payee_type, id: row.payee_id, email: row.payee_email });
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
