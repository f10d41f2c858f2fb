import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface FileDigest {
  size: number;
  /** SHA-256, hex. */
  checksum: string;
}

/** The size and checksum of a stored file, read as a stream (never held in memory whole). */
export const digestOf = async (source: Readable): Promise<FileDigest> => {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    hash.update(bytes);
  }
  return { size, checksum: hash.digest('hex') };
};
