import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { localUploadUrl, verifyLocalUpload, type LocalUploadCheck, type PresignedUpload, type PresignPutOptions } from './presign.ts';
import { localReadUrl, readSigningKey, verifyLocalRead, type LocalReadCheck } from './read-signing.ts';
import { PRIVATE_KEY_PREFIX, isPublicKey, visibilityFor, type BlobVisibility } from './visibility.ts';

export interface StoredBlob {
  key: string;
  /** The file's address: it reads the file only when the file is public (see readUrl). */
  url: string;
  size: number;
}

export class BlobTooLargeError extends Error {
  override name = 'BlobTooLargeError';
}

/** A file is already stored at the key an upload was signed for. */
export class BlobExistsError extends Error {
  override name = 'BlobExistsError';
}

export interface PutOptions {
  tenantId: string;
  /** Appended to the key, e.g. `.png`. */
  extension: string;
  maxBytes: number;
  /** The part's declared MIME type; stores that keep one (S3) serve the file with it. */
  contentType?: string;
  /** Unset: images are public, anything else private (visibilityFor). */
  visibility?: BlobVisibility;
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
  /**
   * The URL to hand a stored file's owner: a public file's permanent address, a private file's
   * address signed to stop working `expiresInSeconds` from now.
   */
  readUrl(key: string, expiresInSeconds: number): Promise<string>;
  /**
   * Lets a client upload one file itself, straight to the store, under a new key: a signed PUT
   * URL bound to `contentType`. Nothing is stored until the client's PUT succeeds, and nothing
   * checks it beyond what the URL binds: whoever imports the file checks its size and type.
   */
  presignPut(options: PresignPutOptions): Promise<PresignedUpload>;
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

/**
 * Whether `key` has the shape newBlobKey gives: relative, plain segments, none starting with a dot
 * (so never `..`, nor the local store's `.incoming` directory).
 */
export const isBlobKey = (key: string): boolean =>
  /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key);

/** `<public url>/<key>` → key, for keys made by newBlobKey (no `..`, no leading slash). */
export const keyFromPublicUrl = (publicUrl: string, url: string): string | undefined => {
  const prefix = `${publicUrl}/`;
  if (!url.startsWith(prefix)) return undefined;
  const key = url.slice(prefix.length).split(/[?#]/)[0] ?? '';
  return isBlobKey(key) ? key : undefined;
};

/**
 * A new key, the same in every store: `<tenantId>/<yyyy>/<mm>/<uuid><extension>` (UTC), under
 * `private/` for a private file.
 */
export const newBlobKey = (tenantId: string, extension: string, visibility?: BlobVisibility, now = new Date()): string =>
  (visibilityFor(extension, visibility) === 'private' ? PRIVATE_KEY_PREFIX : '') +
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

/** Local-disk store: a temp file moved into place only once complete. */
export class LocalDiskBlobStore implements BlobStore {
  readonly #root: string;
  readonly #publicUrl: string;
  readonly #signingSecret: string | undefined;
  readonly #readSigningKey: Buffer | undefined;

  /**
   * `signingSecret` signs the upload URLs of presignPut and the read URLs of private files, which
   * the local CDN verifies; a store without one (a test's, a tool's) can do neither.
   */
  constructor(root: string, publicUrl: string, signingSecret?: string) {
    this.#root = resolve(root);
    this.#publicUrl = publicUrl.replace(/\/$/, '');
    this.#signingSecret = signingSecret;
    this.#readSigningKey = signingSecret ? readSigningKey(signingSecret) : undefined;
  }

  get root(): string {
    return this.#root;
  }

  put(source: Readable, options: PutOptions): Promise<StoredBlob> {
    return this.#write(newBlobKey(options.tenantId, options.extension, options.visibility), source, options.maxBytes, false);
  }

  /**
   * Stores `source` at exactly `key` (a presigned upload's), never over a file already there:
   * rejects with BlobExistsError then, and with BlobTooLargeError past `maxBytes`, keeping nothing.
   */
  async putAt(key: string, source: Readable, options: { maxBytes: number }): Promise<StoredBlob> {
    if (!isBlobKey(key)) throw new BlobNotFoundError(key);
    if (await this.exists(key)) throw new BlobExistsError(key);
    return this.#write(key, source, options.maxBytes, true);
  }

  async exists(key: string): Promise<boolean> {
    if (!isBlobKey(key)) return false;
    const found = await stat(join(this.#root, key)).catch(() => undefined);
    return found !== undefined;
  }

  async #write(key: string, source: Readable, maxBytes: number, exclusive: boolean): Promise<StoredBlob> {
    if (source.errored) throw source.errored;
    const finalPath = join(this.#root, key);
    const tempPath = join(this.#root, '.incoming', `${randomUUID()}.part`);
    const ceiling = byteCeiling(maxBytes);
    // The source is piped, not consumed by pipeline(): when the ceiling is hit the source itself
    // (an HTTP request or a multipart part) must be drained, not destroyed, so the client still
    // gets its 413 and the multipart parser still finishes. Listening starts before any await, so
    // a source failing meanwhile is seen.
    const onSourceError = (error: Error) => ceiling.counter.destroy(error);
    // Until pipeline() below listens, a failure (the ceiling, the source) only marks the counter
    // errored; pipeline() then rejects with it.
    ceiling.counter.on('error', () => undefined);
    source.on('error', onSourceError);
    source.pipe(ceiling.counter);
    try {
      await mkdir(dirname(tempPath), { recursive: true });
      await pipeline(ceiling.counter, createWriteStream(tempPath));
      if ((source as Readable & { truncated?: boolean }).truncated) throw new BlobTooLargeError('truncated by the parser limit');
      await mkdir(dirname(finalPath), { recursive: true });
      if (exclusive) {
        // link() refuses an existing target, so two uploads racing for one key cannot both win.
        await link(tempPath, finalPath).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? new BlobExistsError(key) : error;
        });
        await rm(tempPath, { force: true });
      } else {
        await rename(tempPath, finalPath);
      }
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

  /** A private file's URL carries an HMAC signature and expiry that the local CDN verifies. */
  async readUrl(key: string, expiresInSeconds: number): Promise<string> {
    if (isPublicKey(key)) return `${this.#publicUrl}/${key}`;
    if (!this.#readSigningKey) throw new Error('this local blob store has no signing secret: it cannot sign read URLs');
    return localReadUrl(this.#publicUrl, this.#readSigningKey, key, Math.floor(Date.now() / 1000) + expiresInSeconds);
  }

  /** Whether the query of a GET of `<cdn>/<key>` carries a valid, unexpired read signature of this store. */
  verifyRead(key: string, query: URLSearchParams, nowSeconds?: number): LocalReadCheck {
    if (!this.#readSigningKey) return { ok: false, reason: 'invalid_signature' };
    return verifyLocalRead(this.#readSigningKey, key, query, nowSeconds);
  }

  /**
   * An HMAC-signed URL on the CDN address, which the gateway's local CDN verifies before it takes
   * the PUT: it enforces the size and the signed type family itself (an S3 URL cannot bind size).
   */
  async presignPut(options: PresignPutOptions): Promise<PresignedUpload> {
    if (!this.#signingSecret) throw new Error('this local blob store has no signing secret: it cannot presign uploads');
    const key = newBlobKey(options.tenantId, options.extension, options.visibility);
    const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
    const grant = { key, expires, maxBytes: options.maxBytes, contentType: options.contentType };
    return {
      uploadUrl: localUploadUrl(this.#publicUrl, this.#signingSecret, grant),
      method: 'PUT',
      headers: { 'Content-Type': options.contentType },
      key,
      url: `${this.#publicUrl}/${key}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** Whether the query of a PUT to `<cdn>/_uploads/<key>` carries a valid, unexpired signature of this store. */
  verifyUpload(key: string, query: URLSearchParams, nowSeconds?: number): LocalUploadCheck {
    if (!this.#signingSecret) return { ok: false, reason: 'invalid_signature' };
    return verifyLocalUpload(this.#signingSecret, key, query, nowSeconds);
  }
}
