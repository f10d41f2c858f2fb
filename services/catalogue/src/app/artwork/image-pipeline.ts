import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';

/** The spec's image rules (Limits: Image file, Cover art). */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 8000;
export const ARTWORK_MIN_SIDE = 3000;
export const JPEG_QUALITY = 92;

/** Detected type → the format sharp must agree on. Anything else is refused before any decoding. */
const ACCEPTED_TYPES: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  // An animated PNG is a PNG: every PNG reader shows its first frame.
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
};

/** Why an image was refused; the caller turns it into the error of its own field and route. */
export type ImageRejection =
  | { reason: 'type'; mime: string }
  | { reason: 'too_large'; width: number; height: number }
  | { reason: 'too_small'; width: number; height: number; minSide: number }
  | { reason: 'unreadable' };

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  readonly rejection: ImageRejection;

  constructor(rejection: ImageRejection) {
    super(`image refused: ${rejection.reason}`);
    this.rejection = rejection;
  }
}

export interface ImageRules {
  /** Both sides must be at least this many pixels (multipart cover art); none when undefined. */
  minSide?: number | undefined;
}

export interface ImageInfo {
  mime: string;
  width: number;
  height: number;
}

/** Named in a refusal when the bytes show no type at all (as the gateway names them). */
const UNRECOGNISED_MIME = 'application/octet-stream';

/**
 * Checks an image without decoding its pixels: its type from its bytes (whatever name or type the
 * client gave it), then its size from its header. A header claiming more than 8000 pixels a side is
 * refused here, so a decompression bomb never reaches the decoder.
 */
export const inspectImage = async (bytes: Buffer, rules: ImageRules = {}): Promise<ImageInfo> => {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime ?? UNRECOGNISED_MIME;
  const expectedFormat = ACCEPTED_TYPES[mime];
  if (!expectedFormat) throw new ImageRejectedError({ reason: 'type', mime });
  let header: Metadata;
  try {
    // Header only: the pixel limit is ours (below), not libvips' all-or-nothing refusal.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError({ reason: 'unreadable' });
  }
  if (header.format !== expectedFormat) throw new ImageRejectedError({ reason: 'type', mime });
  const { width, height } = header;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) throw new ImageRejectedError({ reason: 'too_large', width, height });
  if (rules.minSide !== undefined && (width < rules.minSide || height < rules.minSide)) {
    throw new ImageRejectedError({ reason: 'too_small', width, height, minSide: rules.minSide });
  }
  return { mime, width, height };
};

/**
 * Decoding an 8000x8000 image holds up to ~256 MB of pixels, so a replica converts at most this
 * many images at once; further conversions wait their turn.
 */
const MAX_CONCURRENT_CONVERSIONS = 2;
let conversionsRunning = 0;
const waitingConversions: (() => void)[] = [];

const withConversionSlot = async <T>(work: () => Promise<T>): Promise<T> => {
  if (conversionsRunning < MAX_CONCURRENT_CONVERSIONS) conversionsRunning++;
  else await new Promise<void>((resolve) => waitingConversions.push(resolve)); // the slot is handed over
  try {
    return await work();
  } finally {
    const next = waitingConversions.shift();
    if (next) next();
    else conversionsRunning--;
  }
};

/**
 * The stored form of every cover, avatar and banner: upright (EXIF orientation applied),
 * transparency flattened onto white, sRGB baseline JPEG at quality 92 (libjpeg-turbo; mozjpeg
 * off, for speed and a predictable quality scale), metadata stripped. Decoding refuses more than
 * 8000x8000 pixels and fails on truncated or corrupt pixel data (failOn 'error'; decoder warnings
 * that still yield the whole image, like stray bytes between markers, are tolerated).
 */
export const convertToJpeg = async (bytes: Buffer, rules: ImageRules = {}): Promise<Buffer> => {
  await inspectImage(bytes, rules);
  return withConversionSlot(async () => {
    try {
      return await sharp(bytes, { limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE, failOn: 'error' })
        .rotate()
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
        .toBuffer();
    } catch {
      throw new ImageRejectedError({ reason: 'unreadable' });
    }
  });
};
