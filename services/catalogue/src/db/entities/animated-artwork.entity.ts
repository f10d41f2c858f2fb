import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const moment = () => p.datetime().columnType('timestamptz');

/**
 * One animated artwork asset of a release (Apple motion square or portrait, Spotify Canvas).
 * Validated asynchronously: `processing` until the validator sets `valid` or `invalid` with
 * its errors. A new upload of the same type supersedes (soft-deletes) the live one.
 */
export const AnimatedArtwork = defineEntity({
  name: 'AnimatedArtwork',
  tableName: 'animated_artwork',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    releaseId: p.uuid(),
    assetType: p.text(),
    status: p.text(),
    fileUrl: p.text(),
    fileKey: p.text(),
    /** The declared type at upload; replaced by the type of the container read from the bytes. */
    mimeType: p.text(),
    fileSize: p.bigint('number'),
    container: p.text().nullable(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    durationMs: p.integer().nullable(),
    errors: p.json<string[]>().columnType('jsonb'),
    validatedAt: moment().nullable(),
    createdAt: moment(),
    updatedAt: moment(),
    deletedAt: moment().nullable(),
  },
});

export type AnimatedArtwork = InferEntity<typeof AnimatedArtwork>;
