import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One line of a store's report as sent, with what it matched in the catalogue when it was added. */
export const RoyaltyLineItem = defineEntity({
  name: 'RoyaltyLineItem',
  tableName: 'royalty_line_item',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    statementId: p.uuid(),
    /** Order within the statement, across every call that added lines. */
    position: p.integer(),
    dspName: p.text(),
    trackTitle: p.text(),
    artistName: p.text(),
    /** Micro-units, signed (a store's adjustment is negative). */
    revenueMicros: p.bigint().columnType('bigint'),
    /** Streams (units) the store reports for the line; 0 when it gave none. */
    streams: p.integer(),
    isrc: p.text().nullable(),
    upc: p.text().nullable(),
    period: p.text(),
    /** track, release, or null when neither code matched. */
    matched: p.text().nullable(),
    /** The catalogue's records; no foreign key across services. */
    trackId: p.uuid().nullable(),
    releaseId: p.uuid().nullable(),
    artistId: p.uuid().nullable(),
    /** The matched release's title when the line was added (a statement's breakdown shows it). */
    releaseTitle: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type RoyaltyLineItem = InferEntity<typeof RoyaltyLineItem>;
