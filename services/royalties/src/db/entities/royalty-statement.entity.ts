import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/**
 * A file-level royalty statement: one store report for one period. Its lines are kept beside it; the
 * totals here are kept in step with them in the same transaction that adds lines.
 */
export const RoyaltyStatement = defineEntity({
  name: 'RoyaltyStatement',
  tableName: 'royalty_statement',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** YYYY-MM. */
    period: p.text(),
    currency: p.text(),
    filename: p.text().nullable(),
    /** processing, completed, approved or paid (failed is a named status nothing sets: lines are stored all or nothing). */
    status: p.text(),
    /** The sum of the lines' revenue in micro-units (six decimals). */
    totalMicros: p.bigint().columnType('bigint'),
    lineCount: p.integer(),
    unmatchedCount: p.integer(),
    createdAt: moment(),
    updatedAt: moment(),
    approvedAt: moment().nullable(),
    paidAt: moment().nullable(),
  },
});

export type RoyaltyStatement = InferEntity<typeof RoyaltyStatement>;
