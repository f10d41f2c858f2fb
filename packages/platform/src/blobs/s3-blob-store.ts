import type { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { BlobNotFoundError, BlobTooLargeError, byteCeiling, keyFromPublicUrl, newBlobKey, type BlobStore, type PutOptions, type StoredBlob } from './blob-store.ts';
import type { PresignedUpload, PresignPutOptions } from './presign.ts';
import { servedTypeOf } from './served-type.ts';
import { isPublicKey } from './visibility.ts';

/** Where the bucket is and how to reach it; without credentials the SDK's default chain applies. */
export interface S3Settings {
  region: string;
  /** An S3-compatible store's address; unset for AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * A client for AWS or any S3-compatible store. For the latter, checksums are sent only where the
 * API requires them: several compatible stores refuse the SDK's default trailing checksums.
 */
export const createS3Client = (settings: S3Settings): S3Client =>
  new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint
      ? { endpoint: settings.endpoint, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });

/** Parts uploaded at once: each holds a 5 MB buffer, so one upload holds at most ~15 MB in memory. */
const QUEUE_SIZE = 2;
/**
 * Keys are never reused, so a stored file never changes (the local CDN serves them the same way);
 * a private one is kept out of shared caches, which would serve it past its URL's expiry.
 */
const cacheControlOf = (key: string): string => `${isPublicKey(key) ? 'public' : 'private'}, max-age=31536000, immutable`;

/** Types a browser shows as media, never as a page of the bucket's origin (svg can hold script). */
const MEDIA_TYPE = /^(image\/(?!svg)|audio\/|video\/)/;

/**
 * What the object is stored and served as: the type decided at upload when it is media, else the
 * type its extension names (never one that renders as a page), downloaded when not media.
 */
const storedTypeOf = (key: string, declared: string | undefined): { ContentType: string; ContentDisposition?: string } => {
  const served = servedTypeOf(key);
  const contentType = declared && MEDIA_TYPE.test(declared) ? declared : served.contentType;
  return served.disposition === 'attachment' ? { ContentType: contentType, ContentDisposition: 'attachment' } : { ContentType: contentType };
};

/**
 * At presign time there is no body, so the SDK's default checksum (AWS: when supported) would
 * sign the CRC32 of an empty body into the URL and every real upload would be refused. The
 * checksum headers are dropped before signing: the client's PUT carries no checksum, as a
 * browser's never does.
 */
const withoutEmptyBodyChecksum =
  <Args extends { request: unknown }, Output>(next: (args: Args) => Promise<Output>) =>
  (args: Args): Promise<Output> => {
    const headers = (args.request as { headers?: Record<string, string> }).headers ?? {};
    for (const name of Object.keys(headers)) if (/^x-amz-(sdk-)?checksum-/i.test(name)) delete headers[name];
    return next(args);
  };

/**
 * S3-compatible store: the upload streams through the byte ceiling into a multipart upload
 * (a single PutObject below 5 MB). Nothing is kept of an upload that fails: a started multipart
 * upload is aborted before `put` rejects. Public files are served from the CDN address, i.e. the
 * bucket's public address (or a CDN in front of it); private ones through presigned GETs only.
 * The bucket must therefore allow anonymous reads of public keys alone (see blobEnvShape).
 */
export class S3BlobStore implements BlobStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #publicUrl: string;

  constructor(client: S3Client, bucket: string, publicUrl: string) {
    this.#client = client;
    this.#bucket = bucket;
    this.#publicUrl = publicUrl.replace(/\/$/, '');
  }

  async put(source: Readable, options: PutOptions): Promise<StoredBlob> {
    if (source.errored) throw source.errored;
    const key = newBlobKey(options.tenantId, options.extension, options.visibility);
    const ceiling = byteCeiling(options.maxBytes);
    // As in the local store, the source is piped and, on failure, drained rather than destroyed,
    // so the client still gets its 413 and the multipart parser still finishes. Draining starts
    // the moment the ceiling is passed, not after the upload has been cleaned up.
    const drain = () => {
      source.unpipe(ceiling.counter);
      source.resume();
    };
    const onSourceError = (error: Error) => ceiling.counter.destroy(error);
    ceiling.counter.once('error', drain);
    source.on('error', onSourceError);
    source.pipe(ceiling.counter);
    let upload: Upload | undefined;
    try {
      upload = new Upload({
        client: this.#client,
        queueSize: QUEUE_SIZE,
        // The abort is ours (below), awaited before put() rejects, whatever failed.
        leavePartsOnError: true,
        params: {
          Bucket: this.#bucket,
          Key: key,
          Body: ceiling.counter,
          CacheControl: cacheControlOf(key),
          ...storedTypeOf(key, options.contentType),
        },
      });
      await upload.done();
    } catch (error) {
      drain();
      if (upload?.uploadId) {
        await this.#client
          .send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: key, UploadId: upload.uploadId }))
          .catch(() => undefined); // a bucket lifecycle rule for incomplete uploads is the backstop
      }
      throw ceiling.size() > options.maxBytes ? new BlobTooLargeError(`more than ${options.maxBytes} bytes`) : error;
    } finally {
      source.off('error', onSourceError);
    }
    if ((source as Readable & { truncated?: boolean }).truncated) {
      await this.remove(key);
      throw new BlobTooLargeError('truncated by the parser limit');
    }
    return { key, url: `${this.#publicUrl}/${key}`, size: ceiling.size() };
  }

  /**
   * A presigned PutObject URL with the Content-Type signed in: a PUT with any other type is
   * refused by the bucket. A presigned PUT cannot bind the size (only a presigned POST policy
   * can), so `maxBytes` is not enforced here: whoever imports the uploaded file checks its size
   * (and its bytes) before using it.
   */
  async presignPut(options: PresignPutOptions): Promise<PresignedUpload> {
    const key = newBlobKey(options.tenantId, options.extension, options.visibility);
    const command = new PutObjectCommand({ Bucket: this.#bucket, Key: key, ContentType: options.contentType });
    command.middlewareStack.add(withoutEmptyBodyChecksum, { step: 'build', priority: 'low', name: 'presignWithoutEmptyBodyChecksum' });
    const signedAt = Date.now();
    const uploadUrl = await getSignedUrl(this.#client, command, {
      expiresIn: options.expiresInSeconds,
      // The presigner leaves Content-Type unsigned by default; signing it binds the type.
      signableHeaders: new Set(['content-type']),
    });
    return {
      uploadUrl,
      method: 'PUT',
      headers: { 'Content-Type': options.contentType },
      key,
      url: `${this.#publicUrl}/${key}`,
      expiresAt: new Date(signedAt + options.expiresInSeconds * 1000).toISOString(),
    };
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of an absent key with success too.
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async read(key: string): Promise<Readable> {
    try {
      const object = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
      return object.Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') throw new BlobNotFoundError(key);
      throw error;
    }
  }

  keyOf(url: string): string | undefined {
    return keyFromPublicUrl(this.#publicUrl, url);
  }

  /**
   * A private object is never read through the bucket's public address: its URL is a presigned
   * GetObject (at most 7 days, S3's own limit), answered with the type its extension names.
   */
  async readUrl(key: string, expiresInSeconds: number): Promise<string> {
    if (isPublicKey(key)) return `${this.#publicUrl}/${key}`;
    const served = servedTypeOf(key);
    const command = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: key,
      ResponseContentType: served.contentType,
      ...(served.disposition === 'attachment' ? { ResponseContentDisposition: 'attachment' } : {}),
    });
    return getSignedUrl(this.#client, command, { expiresIn: expiresInSeconds });
  }
}
