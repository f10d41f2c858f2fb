import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { Transform } from 'node:stream';
import { UPLOAD_MAX_MEGABYTES } from '@sv/contracts';
import type { BlobStore } from '@sv/platform';
import type SftpClient from 'ssh2-sftp-client';
import type { StoredResource } from '../media/media-resolver.ts';

/** The largest file a delivery may carry: the audio upload ceiling, the largest a message can name. */
export const MAX_RESOURCE_BYTES = UPLOAD_MAX_MEGABYTES.audio * 1024 * 1024;

/**
 * Streams one file of a delivery from the SFTP server into the blob store (stored as an upload
 * is: private unless an image, refused past the ceiling), with the digests a message may state.
 */
export const storeDeliveredFile = async (client: SftpClient, blobs: BlobStore, tenantId: string, remotePath: string): Promise<StoredResource> => {
  const md5 = createHash('md5');
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  const digesting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      sha1.update(chunk);
      sha256.update(chunk);
      done(null, chunk);
    },
  });
  const source = client.createReadStream(remotePath);
  source.once('error', (error: Error) => digesting.destroy(error));
  source.pipe(digesting);
  try {
    const stored = await blobs.put(digesting, {
      tenantId,
      extension: posix.extname(remotePath).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 10),
      maxBytes: MAX_RESOURCE_BYTES,
    });
    return { key: stored.key, url: stored.url, size: stored.size, md5: md5.digest('hex'), sha1: sha1.digest('hex'), sha256: sha256.digest('hex') };
  } finally {
    source.destroy();
  }
};
