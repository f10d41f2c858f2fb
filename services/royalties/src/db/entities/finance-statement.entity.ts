import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/** The tenant statement of a period (one per period): draft, approved, locked, paid. */
export const FinanceStatement = defineEntity({
  name: 'FinanceStatement',
  tableName: 'finance_statement',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    periodId: p.uuid(),
    currency: p.text(),
    status: p.text(),
    /** Minor units: the payee statements' sum, which is reportTotalMinor - unmatchedMinor. */
    totalMinor: p.bigint().columnType('bigint'),
    reportTotalMinor: p.bigint().columnType('bigint'),
    unmatchedMinor: p.bigint().columnType('bigint'),
    payeeCount: p.integer(),
    approvedAt: moment().nullable(),
    lockedAt: moment().nullable(),
    paidAt: moment().nullable(),
    createdAt: moment(),
    updatedAt: moment(),
  },
});

export type FinanceStatement = InferEntity<typeof FinanceStatement>;
