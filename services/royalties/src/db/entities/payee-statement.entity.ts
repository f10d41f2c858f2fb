import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/** What one payee earned in a period under its tenant statement: draft, approved, paid. */
export const PayeeStatement = defineEntity({
  name: 'PayeeStatement',
  tableName: 'payee_statement',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    statementId: p.uuid(),
    periodId: p.uuid(),
    /** artist, user, writer, external (a split's payee) or tenant (the workspace itself). */
    payeeType: p.text(),
    /** The artist, user or writer; null for an external payee and the tenant. */
    payeeId: p.uuid().nullable(),
    /** The split row's name; null when the payee is a track's artist without a split, or the tenant. */
    name: p.text().nullable(),
    email: p.text().nullable(),
    currency: p.text(),
    amountMinor: p.bigint().columnType('bigint'),
    /** The exact share in millionths before the statement was rounded to minor units. */
    exactMicros: p.bigint().columnType('bigint'),
    status: p.text(),
    payoutId: p.uuid().nullable(),
    approvedAt: moment().nullable(),
    paidAt: moment().nullable(),
    createdAt: moment(),
  },
});

export type PayeeStatement = InferEntity<typeof PayeeStatement>;
