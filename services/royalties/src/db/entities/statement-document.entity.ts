import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A monthly statement's rendered PDF in the blob store, by the fingerprint of what it shows: a month
 * whose figures change (another report approved) gets a new document; an unchanged one is reused.
 */
export const StatementDocument = defineEntity({
  name: 'StatementDocument',
  tableName: 'statement_document',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    payeeType: p.text(),
    payeeId: p.uuid().nullable(),
    /** YYYY-MM. */
    period: p.text(),
    /** SHA-256 of the statement's content as rendered. */
    fingerprint: p.text(),
    blobKey: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type StatementDocument = InferEntity<typeof StatementDocument>;
