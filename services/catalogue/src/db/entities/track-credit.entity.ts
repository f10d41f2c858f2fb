import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export type TrackCreditKind = 'writer' | 'publisher' | 'collaborator';

/**
 * One credit on a track: a writer (role, share), a publisher (share, optionally for one of the
 * credited writers) or a collaborator (role). A track's credits are replaced as a whole, so rows
 * are deleted rather than soft-deleted; `position` keeps the order the client gave.
 */
export const TrackCredit = defineEntity({
  name: 'TrackCredit',
  tableName: 'track_credit',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    trackId: p.uuid(),
    kind: p.string().$type<TrackCreditKind>().columnType('text'),
    position: p.integer(),
    writerId: p.uuid().nullable(),
    publisherId: p.uuid().nullable(),
    collaboratorId: p.uuid().nullable(),
    role: p.text().nullable(),
    share: p.decimal('number').columnType('numeric(5,2)').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type TrackCredit = InferEntity<typeof TrackCredit>;
