import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBlob {
  key: string;
  url: string;
  size: number;
}

export class BlobTooLargeError extends Error {
  override name = 'BlobTooLargeError';
}

/**
 * Where uploads land before a reference to them is forwarded to a service: large bodies never
 * ride NATS. Stored files are served from the CDN address.
 */
export interface BlobStore {
  /** Streams `source` into the store; rejects with BlobTooLargeError past `maxBytes`, leaving nothing behind. */
  put(source: Readable, options: { tenantId: string; extension: string; maxBytes: number }): Promise<StoredBlob>;
}

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

  async put(source: Readable, options: { tenantId: string; extension: string; maxBytes: number }): Promise<StoredBlob> {
    const now = new Date();
    const key = [
      options.tenantId,
      String(now.getUTCFullYear()),
      String(now.getUTCMonth() + 1).padStart(2, '0'),
      `${randomUUID()}${options.extension}`,
    ].join('/');
    const finalPath = join(this.#root, key);
    const tempPath = join(this.#root, '.incoming', `${randomUUID()}.part`);
    await mkdir(dirname(tempPath), { recursive: true });
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) source.destroy(new BlobTooLargeError(`more than ${options.maxBytes} bytes`));
    });
    try {
      await pipeline(source, createWriteStream(tempPath));
      if ((source as Readable & { truncated?: boolean }).truncated) throw new BlobTooLargeError('truncated by the parser limit');
      await mkdir(dirname(finalPath), { recursive: true });
      await rename(tempPath, finalPath);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    return { key, url: `${this.#publicUrl}/${key}`, size };
  }
}
