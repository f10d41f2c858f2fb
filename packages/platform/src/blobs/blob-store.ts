import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
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
  /** Opens a stored file for reading; rejects with BlobNotFoundError when the key is absent. */
  read(key: string): Promise<Readable>;
  /** The key of a URL this store serves (`<public url>/<key>`), or undefined for any other URL. */
  keyOf(url: string): string | undefined;
}

export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
}

/** Stores an in-memory file (a converted image, say) under a new key. */
export const putBuffer = (store: BlobStore, data: Buffer, options: Omit<PutOptions, 'maxBytes'>): Promise<StoredBlob> =>
  store.put(Readable.from([data]), { ...options, maxBytes: data.length });

/** Reads a whole stored file into memory, refusing one larger than `maxBytes`. */
export const readBuffer = async (store: BlobStore, key: string, maxBytes: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await store.read(key)) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new BlobTooLargeError(`more than ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

/** `<public url>/<key>` → key, for keys made by newBlobKey (no `..`, no leading slash). */
export const keyFromPublicUrl = (publicUrl: string, url: string): string | undefined => {
  const prefix = `${publicUrl}/`;
  if (!url.startsWith(prefix)) return undefined;
  const key = url.slice(prefix.length).split(/[?#]/)[0] ?? '';
  return /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) && !key.split('/').includes('..') ? key : undefined;
};

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

  async read(key: string): Promise<Readable> {
    const path = resolve(this.#root, key);
    if (!path.startsWith(`${this.#root}/`)) throw new BlobNotFoundError(key);
    const found = await stat(path).catch(() => undefined);
    if (!found?.isFile()) throw new BlobNotFoundError(key);
    return createReadStream(path);
  }

  keyOf(url: string): string | undefined {
    return keyFromPublicUrl(this.#publicUrl, url);
  }
}
