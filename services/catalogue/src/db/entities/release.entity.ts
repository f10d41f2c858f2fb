import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const optionalText = () => p.text().nullable();
const moment = () => p.datetime().columnType('timestamptz');

/** A release of one tenant (single, EP, album). Soft-deleted; the UPC is unique among a tenant's live releases. */
export const Release = defineEntity({
  name: 'Release',
  tableName: 'release',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** The artist the release is created under; an artist of the same tenant (no cross-service key). */
    artistId: p.uuid().nullable(),
    title: p.text(),
    type: p.text(),
    status: p.text(),
    upc: p.text(),
    releaseDate: p.string().columnType('date').nullable(),
    genre: p.text(),
    subgenre: optionalText(),
    language: optionalText(),
    label: optionalText(),
    copyrightYear: p.integer(),
    copyrightHolder: optionalText(),
    /** The stored cover (a .jpg on the CDN) and its blob key. */
    artworkUrl: optionalText(),
    artworkKey: optionalText(),
    rejectionReason: optionalText(),
    /** First move to pending: what the plan's yearly allowance counts. */
    firstSubmittedAt: moment().nullable(),
    submittedAt: moment().nullable(),
    approvedAt: moment().nullable(),
    deliveredAt: moment().nullable(),
    liveAt: moment().nullable(),
    takenDownAt: moment().nullable(),
    /** Set by an ingestion job (job and item): importing the same item again finds this release. */
    importKey: optionalText(),
    createdAt: moment(),
    updatedAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type Release = InferEntity<typeof Release>;
