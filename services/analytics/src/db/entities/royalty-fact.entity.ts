import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A completed royalty statement's matched lines, summed per release, artist, store and period:
 * the revenue the first family reports. Replaced as a whole when the statement completes again.
 */
export const RoyaltyFact = defineEntity({
  name: 'RoyaltyFact',
  tableName: 'royalty_fact',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    statementId: p.uuid(),
    releaseId: p.uuid().nullable(),
    releaseTitle: p.text().nullable(),
    artistId: p.uuid().nullable(),
    dspName: p.text(),
    periodStart: p.string().columnType('date'),
    streams: p.bigint('number').columnType('bigint'),
    /** Micro-units, signed. */
    revenueMicros: p.bigint().columnType('bigint'),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type RoyaltyFact = InferEntity<typeof RoyaltyFact>;
