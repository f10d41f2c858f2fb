import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

const optionalText = () => p.text().nullable();

/** An artist of one tenant. Soft-deleted; the slug is unique among a tenant's live artists. */
export const Artist = defineEntity({
  name: 'Artist',
  tableName: 'artist',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    name: p.text(),
    /** lower(name): the alphabetical sort and cursor key. */
    sortName: p.text(),
    slug: p.text(),
    bio: optionalText(),
    country: p.string().columnType('char(2)').nullable(),
    status: p.text(),
    spotifyUri: optionalText(),
    spotifyId: optionalText(),
    appleId: optionalText(),
    spotifyUrl: optionalText(),
    appleUrl: optionalText(),
    deezerUrl: optionalText(),
    soundcloudUrl: optionalText(),
    audiomackUrl: optionalText(),
    tiktokUrl: optionalText(),
    instagramUrl: optionalText(),
    twitterUrl: optionalText(),
    youtubeUrl: optionalText(),
    storeUrl: optionalText(),
    avatarUrl: optionalText(),
    bannerUrl: optionalText(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
    deletedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

export type Artist = InferEntity<typeof Artist>;
