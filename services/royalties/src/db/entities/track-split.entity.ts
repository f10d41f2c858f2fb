import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/**
 * One payee row of a track's split. A PUT replaces the whole set: the rows it replaces are kept,
 * soft-deleted, so what was in force for an approved period can still be read.
 */
export const TrackSplit = defineEntity({
  name: 'TrackSplit',
  tableName: 'track_split',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** The catalogue's track; no foreign key across services. */
    trackId: p.uuid(),
    position: p.integer(),
    payeeType: p.text(),
    artistId: p.uuid().nullable(),
    userId: p.uuid().nullable(),
    writerId: p.uuid().nullable(),
    name: p.text(),
    email: p.text().nullable(),
    /** The share of the whole in millionths (33.3333 % is 333333): the percentage exactly as sent, never a float. */
    shareMillionths: p.integer(),
    createdAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type TrackSplit = InferEntity<typeof TrackSplit>;
