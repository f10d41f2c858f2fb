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
    /** The SHA-256 of the uploaded file's bytes (hex); null for a report sent as JSON lines. */
    sha256: p.text().nullable(),
    /** Record types of a DSR left unread, with how many of each; empty for a CSV. */
    ignoredRecords: p.json<Record<string, number>>().columnType('jsonb'),
    /** A DSR file's place in its message: MessageId and FileNumber of NumberOfFiles. */
    dsrMessageId: p.text().nullable(),
    dsrFileNumber: p.integer().nullable(),
    dsrNumberOfFiles: p.integer().nullable(),
    /** What a DSR covers, which a revision shares: its profile, sender and usage period. */
    dsrProfile: p.text().nullable(),
    dsrSender: p.text().nullable(),
    dsrUsageStart: p.date().columnType('date').nullable(),
    dsrUsageEnd: p.date().columnType('date').nullable(),
    /** The revision that replaced this report, and when; a replaced report no longer counts. */
    replacedBy: p.uuid().nullable(),
    supersededAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

export type SalesReport = InferEntity<typeof SalesReport>;
