import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One leg of a double-entry journal. Entries are only ever inserted; a journal's entries sum to zero
 * (checked here and by the database at commit), and every balance is a sum of entries.
 */
export const LedgerEntry = defineEntity({
  name: 'LedgerEntry',
  tableName: 'ledger_entry',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    journalId: p.uuid(),
    /** royalty_income, payee_pending, payee_available or payee_withdrawing. */
    account: p.text(),
    /** artist, user, writer (payeeId names it), external (payeeEmail names it) or tenant (the workspace itself). */
    payeeType: p.text(),
    payeeId: p.uuid().nullable(),
    payeeEmail: p.text().nullable(),
    currency: p.text(),
    /** Cents, signed. */
    amountMinor: p.bigint().columnType('bigint'),
    /** What posted the journal: statement_approval, statement_payment, withdrawal, payee_statement_approval, payout. */
    causeType: p.text(),
    causeId: p.uuid(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type LedgerEntry = InferEntity<typeof LedgerEntry>;
