import { Messages, UPLOAD_MAX_MEGABYTES, type UploadKind } from '@sv/contracts';
import type { BlobVisibility } from '@sv/platform';

/**
 * Allowed types per kind of upload, with the size ceilings the route registry declares.
 *
 * `detect: 'bytes'`: the type is what the file's first bytes show (file-type), whatever the client
 * declared, and `mimeTypes` lists the names file-type gives. `detect: 'declared'`: text has no
 * magic number, so the part's declared type is checked instead.
 */
export const UPLOAD_KINDS = {
  image: {
    label: 'image',
    maxMegabytes: UPLOAD_MAX_MEGABYTES.image,
    detect: 'bytes',
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/tiff'],
    visibility: 'public',
    // Spec, Other 422 causes: an image that cannot be read is a validation error, not a type.
    unrecognisedMessage: Messages.imageUnreadable,
  },
  audio: {
    label: 'audio',
    maxMegabytes: UPLOAD_MAX_MEGABYTES.audio,
    detect: 'bytes',
    // WAV, FLAC, AIFF, MP3 (file-type also names MPEG layers I and II audio/mpeg), AAC (ADTS),
    // and MPEG-4 audio: M4A is audio/x-m4a; M4B, F4A and F4B are audio/mp4.
    mimeTypes: ['audio/wav', 'audio/flac', 'audio/aiff', 'audio/mpeg', 'audio/aac', 'audio/x-m4a', 'audio/mp4'],
    visibility: 'private',
  },
  document: {
    label: 'document',
    maxMegabytes: UPLOAD_MAX_MEGABYTES.document,
    detect: 'declared',
    mimeTypes: ['application/xml', 'text/xml', 'text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
    visibility: 'private',
  },
  animated: {
    label: 'animated artwork',
    maxMegabytes: UPLOAD_MAX_MEGABYTES.animated,
    detect: 'bytes',
    mimeTypes: ['video/mp4', 'video/quicktime', 'video/webm', 'image/gif'],
    visibility: 'private',
    tooLargeMessage: Messages.animatedTooLarge,
  },
  video: {
    label: 'video',
    maxMegabytes: UPLOAD_MAX_MEGABYTES.video,
    detect: 'bytes',
    mimeTypes: ['video/mp4', 'video/quicktime'],
    visibility: 'private',
  },
  sales_report: {
    label: 'sales report',
    maxMegabytes: UPLOAD_MAX_MEGABYTES.sales_report,
    detect: 'declared',
    // DDEX DSR flat files are tab-separated; the royalties service tells the format from the content.
    mimeTypes: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'text/tab-separated-values'],
    visibility: 'private',
  },
} as const satisfies Record<UploadKind, UploadKindSpec>;

export interface UploadKindSpec {
  label: string;
  maxMegabytes: number;
  detect: 'bytes' | 'declared';
  mimeTypes: readonly string[];
  /** Images are public; masters (audio, video, animated artwork, documents) are read only through signed, expiring URLs. */
  visibility: BlobVisibility;
  /** The 413 message when not the generic one. */
  tooLargeMessage?: string;
  /**
   * When set, bytes that show no format at all are refused with this 422 message on the file's
   * field; otherwise they are a type not allowed (415, named application/octet-stream).
   */
  unrecognisedMessage?: string;
}

export const uploadKind = (kind: UploadKind): UploadKindSpec => UPLOAD_KINDS[kind];

/**
 * Types file-type names apart that are one of the allowed types for us: an animated PNG is a PNG
 * (every PNG reader shows its first frame), an M4V is Apple's MP4.
 */
const DETECTED_ALIASES: Record<string, string> = {
  'image/apng': 'image/png',
  'video/x-m4v': 'video/mp4',
};

/** The type an upload is forwarded and stored as, for the type its bytes show. */
export const canonicalDetectedMime = (mime: string): string => DETECTED_ALIASES[mime] ?? mime;

/**
 * The kind whose bytes-detected types include `mime`: a presigned upload signed for `image/jpeg`
 * may carry any image type.
 */
export const sniffedKindOf = (mime: string): UploadKindSpec | undefined =>
  Object.values(UPLOAD_KINDS as Record<UploadKind, UploadKindSpec>).find((kind) => kind.detect === 'bytes' && kind.mimeTypes.includes(mime));

export const EXTENSION_BY_MIME: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/tiff': '.tiff',
  'image/gif': '.gif',
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/wave': '.wav',
  'audio/vnd.wave': '.wav',
  'audio/flac': '.flac',
  'audio/x-flac': '.flac',
  'audio/aiff': '.aiff',
  'audio/x-aiff': '.aiff',
  'audio/mpeg': '.mp3',
  'audio/mp3': '.mp3',
  'audio/aac': '.aac',
  'audio/x-aac': '.aac',
  'audio/mp4': '.m4a',
  'audio/x-m4a': '.m4a',
  'application/xml': '.xml',
  'text/xml': '.xml',
  'text/csv': '.csv',
  'application/csv': '.csv',
  'text/plain': '.txt',
  'application/vnd.ms-excel': '.csv',
  'text/tab-separated-values': '.tsv',
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
};
