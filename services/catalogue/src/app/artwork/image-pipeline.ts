import { reencodeImage, type ImageRules } from '@sv/platform/images';

/** The spec's image rules (Limits: Image file, Cover art). */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const ARTWORK_MIN_SIDE = 3000;
export const JPEG_QUALITY = 92;

/**
 * The stored form of every cover, avatar and banner: the image re-encoded by the platform (checked,
 * decoded under the 8000x8000 limit, refused on any decoder warning or truncation, upright,
 * metadata stripped) with transparency flattened onto white, as an sRGB baseline JPEG at quality 92
 * (libjpeg-turbo; mozjpeg off, for speed and a predictable quality scale). Throws ImageRejectedError.
 */
export const convertToJpeg = async (bytes: Buffer, rules: ImageRules = {}): Promise<Buffer> => {
  const jpeg = await reencodeImage(
    bytes,
    (decoded) => decoded.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: false }),
    rules,
  );
  return jpeg.data;
};
