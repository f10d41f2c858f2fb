import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DownloadFailure, downloadGuarded, type BlobStore, type DownloadFailureReason } from '@sv/platform';
import { isWebUrl, type MediaRef } from './planned-media.ts';
import { assertChecksum, notFetched, uploadedFileOf, type MediaResolver, type StoredResource } from './media-resolver.ts';

/** How far a download of a file a message names by URL may go. */
export interface UrlDownloadGuards {
  maxBytes: number;
  maxRedirects: number;
  timeoutMs: number;
  /** Undefined allows any address (local development and tests). */
  isAllowedAddress: ((address: string) => boolean) | undefined;
  /** The job's lease: a download in flight stops when it is lost. */
  signal?: AbortSignal;
}

const REASON_TEXT: Record<DownloadFailureReason, (failure: DownloadFailure, guards: UrlDownloadGuards) => string> = {
  invalid_url: () => 'it is not an http or https URL',
  refused_address: () => 'it points to a private, loopback or otherwise non-public address',
  timeout: (_, guards) => `it did not arrive within ${guards.timeoutMs / 1000} seconds`,
  unresolvable: () => 'the host name does not resolve',
  connection_refused: () => 'the connection was refused',
  network: (failure) => `network error${failure.detail ? ` ${failure.detail}` : ''}`,
  too_many_redirects: (_, guards) => `it redirected more than ${guards.maxRedirects} times`,
  http_status: (failure) => `it answered HTTP ${failure.detail}`,
  too_large: (_, guards) => `it is larger than ${Math.round(guards.maxBytes / (1024 * 1024))} MB`,
};

/** Counts and digests the bytes going by, as an SFTP delivery's files are at take time. */
const digesting = () => {
  const md5 = createHash('md5');
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      sha1.update(chunk);
      sha256.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, digests: () => ({ md5: md5.digest('hex'), sha1: sha1.digest('hex'), sha256: sha256.digest('hex') }) };
};

const extensionOf = (url: string): string => {
  const extension = posix.extname(new URL(url).pathname).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(extension) ? extension : '.bin';
};

/**
 * Resolves a file a message names by http(s) URL by downloading it under the outbound guard into the
 * blob store, private, exactly as a direct upload lands there; the catalogue then checks and attaches
 * it like any upload. A stated checksum must match what arrived. Any other name goes to `fallback`
 * (the files delivered beside the message), or is not this resolver's to judge.
 */
export const withUrlDownloads =
  (blobs: BlobStore, tenantId: string, guards: UrlDownloadGuards, fallback?: MediaResolver): MediaResolver =>
  async (ref: MediaRef) => {
    if (!isWebUrl(ref.uri)) return fallback ? fallback(ref) : undefined;
    let stored: StoredResource;
    try {
      stored = await downloadGuarded(ref.uri, { ...guards, accept: 'audio/*, image/*;q=0.9, */*;q=0.1', userAgent: 'sv-ingestion/media' }, async (body) => {
        const digest = digesting();
        const [blob] = await Promise.all([
          blobs.put(digest.stream, { tenantId, extension: extensionOf(ref.uri), maxBytes: guards.maxBytes, visibility: 'private' }),
          pipeline(body, digest.stream),
        ]);
        return { ...blob, ...digest.digests() };
      });
    } catch (error) {
      if (error instanceof DownloadFailure) return { missing: notFetched(ref.uri, REASON_TEXT[error.reason](error, guards)) };
      throw error;
    }
    const discard = () => blobs.remove(stored.key);
    try {
      assertChecksum(ref, stored);
    } catch (error) {
      await discard();
      throw error;
    }
    return { file: uploadedFileOf(stored, posix.basename(new URL(ref.uri).pathname) || 'download'), discard };
  };
