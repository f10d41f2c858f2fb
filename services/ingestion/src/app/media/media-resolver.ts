import { posix } from 'node:path';
import type { UploadedFile } from '@sv/contracts';
import { ValidationError } from '@sv/platform';
import type { MediaRef } from './planned-media.ts';

/** A file delivered with a message, stored as an upload is, with the digests a message may state. */
export interface StoredResource {
  key: string;
  url: string;
  size: number;
  md5: string;
  sha1: string;
  sha256: string;
}

/** `discard` removes a file the resolver stored itself, when the item it was for is not imported. */
export type ResolvedMedia = { file: UploadedFile; discard?: () => Promise<void> } | { missing: string };

/**
 * Finds the stored file a message names, or says why there is none; undefined when the name is not
 * this resolver's to judge (a local name in a message uploaded through the API). Throws when a
 * checksum disagrees.
 */
export type MediaResolver = (ref: MediaRef) => Promise<ResolvedMedia | undefined>;

const DIGEST_OF: Record<string, keyof Pick<StoredResource, 'md5' | 'sha1' | 'sha256'>> = { MD5: 'md5', SHA1: 'sha1', SHA256: 'sha256' };

const MIME_OF: Record<string, string> = {
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
  '.m4a': 'audio/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

export const checksumMismatch = (uri: string, algorithm: string): string => `${uri}: its ${algorithm} checksum does not match the one the message gives.`;
export const notDelivered = (uri: string): string => `${uri} was not delivered with the message; upload it through the API.`;
export const notFetched = (uri: string, reason: string): string => `${uri} could not be fetched: ${reason}; upload the file through the API or deliver it with the message.`;

/**
 * Resolves names against the files of an SFTP delivery: relative to the message's own folder
 * (`resources/A1.wav`), never above the delivery. A stated MD5, SHA-1 or SHA-256 must match.
 */
export const deliveredFilesResolver = (resources: Record<string, StoredResource>, messageDir: string): MediaResolver => async (ref) => {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref.uri) && !/^file:/i.test(ref.uri)) return { missing: notDelivered(ref.uri) };
  const relative = ref.uri.replace(/^file:(\/\/)?/i, '').replace(/\\/g, '/');
  const path = posix.normalize(posix.join(messageDir, relative));
  const resource = path.startsWith('..') || posix.isAbsolute(path) ? undefined : resources[path];
  if (!resource) return { missing: notDelivered(ref.uri) };
  assertChecksum(ref, resource);
  return { file: uploadedFileOf(resource, posix.basename(path)) };
};

/** A stated MD5, SHA-1 or SHA-256 must match the stored file's. */
export const assertChecksum = (ref: MediaRef, resource: StoredResource): void => {
  const algorithm = ref.hash?.algorithm.toUpperCase().replace(/-/g, '');
  const digest = algorithm ? DIGEST_OF[algorithm] : undefined;
  if (digest && ref.hash && resource[digest] !== ref.hash.value.trim().toLowerCase()) {
    throw new ValidationError({ body: [checksumMismatch(ref.uri, ref.hash.algorithm)] }, checksumMismatch(ref.uri, ref.hash.algorithm));
  }
};

/** A stored file as the catalogue's upload use-cases take it; its type is told by its name, then sniffed by the catalogue. */
export const uploadedFileOf = (resource: StoredResource, filename: string): UploadedFile => ({
  field: 'file',
  key: resource.key,
  url: resource.url,
  filename,
  mime_type: MIME_OF[posix.extname(filename).toLowerCase()] ?? 'application/octet-stream',
  size: resource.size,
});
