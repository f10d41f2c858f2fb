import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BlobStore } from '@sv/platform';

export interface FileDigests {
  /** MD5 (hex) and size of a stored file, read once per blob key and remembered. */
  of(key: string): Promise<{ md5: string; size: number }>;
}

/** Streams a stored file through MD5 (audio can be large: never held whole). */
const computeDigest = async (blobs: BlobStore, key: string): Promise<{ md5: string; size: number }> => {
  const hash = createHash('md5');
  let size = 0;
  for await (const chunk of await blobs.read(key)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { md5: hash.digest('hex'), size };
};

/**
 * Digests of stored files, remembered in delivery.file_digest: a key names one file forever, so a
 * preview, a delivery and every redelivery of a release read each file through MD5 once.
 */
export const fileDigests = (em: EntityManager, blobs: BlobStore): FileDigests => ({
  async of(key) {
    const [known] = await em.execute<{ md5: string; size: string | number }[]>(`select "md5", "size" from "delivery"."file_digest" where "blob_key" = ?`, [key]);
    if (known) return { md5: known.md5, size: Number(known.size) };
    const digest = await computeDigest(blobs, key);
    await em.execute(
      `insert into "delivery"."file_digest" ("blob_key", "md5", "size", "created_at") values (?, ?, ?, now()) on conflict ("blob_key") do nothing`,
      [key, digest.md5, digest.size],
    );
    return digest;
  },
});
