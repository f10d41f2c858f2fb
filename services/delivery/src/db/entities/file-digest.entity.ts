import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The MD5 and size of a stored file, by its blob key (files never change under a key). */
export const FileDigest = defineEntity({
  name: 'FileDigest',
  tableName: 'file_digest',
  properties: {
    blobKey: p.text().primary(),
    md5: p.text(),
    size: p.bigint('number'),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export type FileDigest = InferEntity<typeof FileDigest>;
