import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A store's sales report for a period, stored only once every row was read and checked. */
export const SalesReport = defineEntity({
  name: 'SalesReport',
  tableName: 'sales_report',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    periodId: p.uuid(),
    source: p.text(),
    filename: p.text().nullable(),
    /** The uploaded file in the blob store; null for a report sent as JSON lines. */
    fileKey: p.text().nullable(),
    currency: p.text(),
    rowsTotal: p.integer(),
    rowsMatched: p.integer(),
    /** Millionths of the currency unit: stores report fractions of a cent. */
    totalMicros: p.bigint().columnType('bigint'),
    matchedMicros: p.bigint().columnType('bigint'),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type SalesReport = InferEntity<typeof SalesReport>;
