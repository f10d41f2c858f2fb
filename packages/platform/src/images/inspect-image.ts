import sharp, { type Metadata } from 'sharp';
import { sniffMime } from '../blobs/sniff.ts';
import { ImageRejectedError } from './image-rejection.ts';

/** The spec's image rules (Limits: Cover art): no image is decoded past 8000 pixels a side. */
export const IMAGE_MAX_SIDE = 8000;

/** Detected type → the format sharp must agree on. Anything else is refused before any decoding. */
const ACCEPTED_TYPES: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  // An animated PNG is a PNG: every PNG reader shows its first frame.
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
};

export interface ImageRules {
  /** Both sides must be at least this many pixels (multipart cover art); none when undefined. */
  minSide?: number | undefined;
}

export interface ImageInfo {
  mime: string;
  width: number;
  height: number;
}

/**
 * Checks an image without decoding its pixels: its type from its bytes (whatever name or type the
 * client gave it), then its size from its header. A header claiming more than 8000 pixels a side is
 * refused here, so a decompression bomb never reaches the decoder.
 */
export const inspectImage = async (bytes: Buffer, rules: ImageRules = {}): Promise<ImageInfo> => {
  const mime = await sniffMime(bytes, true);
  if (!mime) throw new ImageRejectedError({ reason: 'unrecognised' });
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
