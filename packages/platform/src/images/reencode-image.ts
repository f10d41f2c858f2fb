import sharp, { type Sharp } from 'sharp';
import { ImageRejectedError } from './image-rejection.ts';
import { IMAGE_MAX_SIDE, inspectImage, type ImageInfo, type ImageRules } from './inspect-image.ts';

/** The output of a re-encoding: given the decoded, upright image and what its source was. */
export type ImageEncoding = (decoded: Sharp, source: ImageInfo) => Sharp;

export interface ReencodedImage {
  data: Buffer;
  /** sharp's name of the output format: 'jpeg', 'png', 'webp'. */
  format: string;
  width: number;
  height: number;
}

/**
 * Decoding an 8000x8000 image holds up to ~256 MB of pixels, so a process re-encodes at most this
 * many images at once; further ones wait their turn.
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
 * The only way an uploaded image is kept: checked by inspectImage, then decoded and written anew,
 * so nothing of the original file survives but its pixels (no trailing bytes, no metadata; EXIF
 * orientation applied). Decoding refuses more than 8000x8000 pixels and fails on any decoder
 * warning as well as on truncation: a JPEG whose scan data is garbage decodes "successfully" into
 * noise with only a warning, and is refused as unreadable like a corrupt file.
 */
export const reencodeImage = async (bytes: Buffer, encode: ImageEncoding, rules: ImageRules = {}): Promise<ReencodedImage> => {
  const source = await inspectImage(bytes, rules);
  return withConversionSlot(async () => {
    try {
      const decoded = sharp(bytes, { limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE, failOn: 'warning' }).rotate();
      const { data, info } = await encode(decoded, source).toBuffer({ resolveWithObject: true });
      return { data, format: info.format, width: info.width, height: info.height };
    } catch {
      throw new ImageRejectedError({ reason: 'unreadable' });
    }
  });
};
