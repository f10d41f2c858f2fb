import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A payee's request to take money out of its available balance; the ledger holds the amount as withdrawing. */
export const Withdrawal = defineEntity({
  name: 'Withdrawal',
  tableName: 'withdrawal',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    payeeType: p.text(),
    payeeId: p.uuid().nullable(),
    currency: p.text(),
    /** Cents. */
    amountMinor: p.bigint().columnType('bigint'),
    /** pending until a payout provider settles it (not built yet). */
    status: p.text(),
    note: p.text().nullable(),
    /** YYYY-MM-DD. */
    estimatedArrival: p.date().columnType('date'),
    journalId: p.uuid(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type Withdrawal = InferEntity<typeof Withdrawal>;
