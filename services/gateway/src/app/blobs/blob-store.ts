import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBlob {
  key: string;
  url: string;
  size: number;
}

export class BlobTooLargeError extends Error {
  override name = 'BlobTooLargeError';
}

export interface PutOptions {
  tenantId: string;
  /** Appended to the key, e.g. `.png`. */
  extension: string;
  maxBytes: number;
  /** The part's declared MIME type; stores that keep one (S3) serve the file with it. */
  contentType?: string;
}

/**
 * Where uploads land before a reference to them is forwarded to a service: large bodies never
 * ride NATS. Stored files are served from the CDN address.
 */
export interface BlobStore {
  /** Streams `source` into the store; rejects with BlobTooLargeError past `maxBytes`, leaving nothing behind. */
  put(source: Readable, options: PutOptions): Promise<StoredBlob>;
  /** Removes a stored file (an upload the owning service refused); absent keys are fine. */
  remove(key: string): Promise<void>;
}

/** A new key, the same in every store: `<tenantId>/<yyyy>/<mm>/<uuid><extension>` (UTC). */
export const newBlobKey = (tenantId: string, extension: string, now = new Date()): string =>
  [tenantId, String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'), `${randomUUID()}${extension}`].join('/');

/** Passes bytes through until more than `maxBytes` have gone by, then fails. */
export const byteCeiling = (maxBytes: number) => {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) done(new BlobTooLargeError(`more than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
  return { counter, size: () => size };
};

/** Local-disk store: a temp file renamed into place only once complete. */
export class LocalDiskBlobStore implements BlobStore {
  readonly #root: string;
  readonly #publicUrl: string;

  constructor(root: string, publicUrl: string) {
    this.#root = resolve(root);
    this.#publicUrl = publicUrl.replace(/\/$/, '');
  }

  get root(): string {
    return this.#root;
  }

  async put(source: Readable, options: PutOptions): Promise<StoredBlob> {
    const key = newBlobKey(options.tenantId, options.extension);
    const finalPath = join(this.#root, key);
    const tempPath = join(this.#root, '.incoming', `${randomUUID()}.part`);
    await mkdir(dirname(tempPath), { recursive: true });
    const ceiling = byteCeiling(options.maxBytes);
    // The source is piped, not consumed by pipeline(): when the ceiling is hit the source itself
    // (an HTTP request or a multipart part) must be drained, not destroyed, so the client still
    // gets its 413 and the multipart parser still finishes.
    const onSourceError = (error: Error) => ceiling.counter.destroy(error);
    source.on('error', onSourceError);
    source.pipe(ceiling.counter);
    try {
      await pipeline(ceiling.counter, createWriteStream(tempPath));
      if ((source as Readable & { truncated?: boolean }).truncated) throw new BlobTooLargeError('truncated by the parser limit');
      await mkdir(dirname(finalPath), { recursive: true });
      await rename(tempPath, finalPath);
    } catch (error) {
      source.unpipe(ceiling.counter);
      source.resume();
      await rm(tempPath, { force: true });
      throw error;
    } finally {
      source.off('error', onSourceError);
    }
    return { key, url: `${this.#publicUrl}/${key}`, size: ceiling.size() };
  }

  async remove(key: string): Promise<void> {
    const path = resolve(this.#root, key);
    if (!path.startsWith(`${this.#root}/`)) return; // never outside the store
    await rm(path, { force: true });
  }
}
