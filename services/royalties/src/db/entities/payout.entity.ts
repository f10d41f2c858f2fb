import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A settlement of approved payee statements. In the sandbox it is written with simulated = true and no money moves. */
export const Payout = defineEntity({
  name: 'Payout',
  tableName: 'payout',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** The period asked for, when the payout named one rather than payee statements. */
    periodId: p.uuid().nullable(),
    currency: p.text(),
    amountMinor: p.bigint().columnType('bigint'),
    /** completed, or simulated in the sandbox. */
    status: p.text(),
    simulated: p.boolean(),
    note: p.text().nullable(),
    payeeStatementIds: p.json<string[]>().columnType('jsonb'),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type Payout = InferEntity<typeof Payout>;
