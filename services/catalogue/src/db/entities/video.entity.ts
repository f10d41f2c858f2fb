import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const optionalText = () => p.text().nullable();
const moment = () => p.datetime().columnType('timestamptz');

/**
 * A video of one tenant, with its own review workflow (draft → pending → approved or rejected).
 * Soft-deleted; a non-null ISRC is unique among a tenant's live videos.
 */
export const Video = defineEntity({
  name: 'Video',
  tableName: 'video',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    /** An artist of the same tenant, when the video is credited to one. */
    artistId: p.uuid().nullable(),
    /** A release of the same tenant the video belongs to, when any. */
    releaseId: p.uuid().nullable(),
    title: p.text(),
    videoType: p.text(),
    status: p.text(),
    /** Null until supplied or assigned on approval. */
    isrc: p.string().columnType('char(12)').nullable(),
    releaseDate: p.string().columnType('date').nullable(),
    genre: optionalText(),
    explicit: p.boolean(),
    description: optionalText(),
    language: optionalText(),
    rejectionReason: optionalText(),
    /** The stored video file and what was read from its bytes. */
    videoUrl: optionalText(),
    videoKey: optionalText(),
    mimeType: optionalText(),
    fileSize: p.bigint('number').nullable(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    durationMs: p.integer().nullable(),
    videoUploadedAt: moment().nullable(),
    submittedAt: moment().nullable(),
    approvedAt: moment().nullable(),
    createdAt: moment(),
    updatedAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type Video = InferEntity<typeof Video>;
