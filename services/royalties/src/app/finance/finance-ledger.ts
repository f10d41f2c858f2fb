import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayeeStatement } from '../../db/entities/payee-statement.entity.ts';
import { ledgerPayee, postJournal, TENANT_PAYEE, type Payee } from '../ledger/ledger.ts';

/** The ledger's payee of a payee statement: a split's artist, user, writer or external payee, or the workspace. */
export const ledgerPayeeOf = (row: PayeeStatement): Payee => ledgerPayee({ type: row.payeeType, id: row.payeeId ?? null, email: row.email ?? null });

/** Approving a payee statement credits its payee as pending, out of the workspace's royalty income. */
export const postPayeeStatementApproval = (tx: EntityManager, row: PayeeStatement): string =>
  postJournal(tx, {
    tenantId: row.tenantId,
    currency: row.currency,
    cause: { type: 'payee_statement_approval', id: row.id },
    legs: [
      { account: 'royalty_income', payee: TENANT_PAYEE, amount: -row.amountMinor },
      { account: 'payee_pending', payee: ledgerPayeeOf(row), amount: row.amountMinor },
    ],
  });

/** A payout settles its payee statements: each payee's pending amount becomes available, in one journal. */
export const postPayout = (tx: EntityManager, payoutId: string, rows: PayeeStatement[]): string =>
  postJournal(tx, {
    tenantId: rows[0]!.tenantId,
    currency: rows[0]!.currency,
    cause: { type: 'payout', id: payoutId },
    legs: rows.flatMap((row) => [
      { account: 'payee_pending' as const, payee: ledgerPayeeOf(row), amount: -row.amountMinor },
      { account: 'payee_available' as const, payee: ledgerPayeeOf(row), amount: row.amountMinor },
    ]),
  });
