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

export type ResolvedMedia = { file: UploadedFile } | { missing: string };

/** Finds the stored file a message names, or says why there is none. Throws when its checksum disagrees. */
export type MediaResolver = (ref: MediaRef) => ResolvedMedia;

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
export const notFetched = (uri: string): string => `${uri} is a URL: only a cover art URL is fetched; upload the audio through the API or deliver it with the message.`;

/**
 * Resolves names against the files of an SFTP delivery: relative to the message's own folder
 * (`resources/A1.wav`), never above the delivery. A stated MD5, SHA-1 or SHA-256 must match.
 */
export const deliveredFilesResolver = (resources: Record<string, StoredResource>, messageDir: string): MediaResolver => (ref) => {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref.uri) && !/^file:/i.test(ref.uri)) return { missing: notFetched(ref.uri) };
  const relative = ref.uri.replace(/^file:(\/\/)?/i, '').replace(/\\/g, '/');
  const path = posix.normalize(posix.join(messageDir, relative));
  const resource = path.startsWith('..') || posix.isAbsolute(path) ? undefined : resources[path];
  if (!resource) return { missing: notDelivered(ref.uri) };
  const algorithm = ref.hash?.algorithm.toUpperCase().replace(/-/g, '');
  const digest = algorithm ? DIGEST_OF[algorithm] : undefined;
  if (digest && ref.hash && resource[digest] !== ref.hash.value.trim().toLowerCase()) {
    throw new ValidationError({ body: [checksumMismatch(ref.uri, ref.hash.algorithm)] }, checksumMismatch(ref.uri, ref.hash.algorithm));
  }
  const filename = posix.basename(path);
  return {
    file: {
      field: 'file',
      key: resource.key,
      url: resource.url,
      filename,
      mime_type: MIME_OF[posix.extname(filename).toLowerCase()] ?? 'application/octet-stream',
      size: resource.size,
    },
  };
};
