import type { UploadedFile } from '@sv/contracts';
import { Messages } from '@sv/contracts';
import {
  BlobNotFoundError,
  BlobTooLargeError,
  DomainError,
  ImageRejectedError,
  ValidationError,
  putBuffer,
  readBuffer,
  uploadedImageRejectionError,
  type BlobStore,
  type Logger,
} from '@sv/platform';
import type { ImageRules } from '@sv/platform/images';
import { IMAGE_MAX_BYTES, convertToJpeg } from './image-pipeline.ts';

/** A converted image in the blob store: its CDN URL (ending in .jpg) and its key. */
export interface StoredImage {
  url: string;
  key: string;
}

export interface ImageStoreDeps {
  blobs: BlobStore;
  logger: Logger;
}

/** Stores a converted image as `<tenant>/<yyyy>/<mm>/<uuid>.jpg`, served as image/jpeg. */
export const storeJpeg = async (blobs: BlobStore, tenantId: string, jpeg: Buffer): Promise<StoredImage> => {
  const stored = await putBuffer(blobs, jpeg, { tenantId, extension: '.jpg', contentType: 'image/jpeg' });
  return { url: stored.url, key: stored.key };
};

/** Removes a file nobody points at any more; a failure only leaves an orphan, so it is logged, not thrown. */
export const removeQuietly = async (deps: ImageStoreDeps, key: string): Promise<void> => {
  try {
    await deps.blobs.remove(key);
  } catch (error) {
    deps.logger.warn({ err: error, key }, 'could not remove a stored file');
  }
};

/** The key of a URL this store serves, when that file belongs to `tenantId` (never another tenant's). */
export const ownedKeyOf = (blobs: BlobStore, tenantId: string, url: string | null | undefined): string | undefined => {
  const key = url ? blobs.keyOf(url) : undefined;
  return key?.startsWith(`${tenantId}/`) ? key : undefined;
};

/**
 * Reads an upload the gateway stored, converts it to JPEG and stores the result under a new key.
 * Refusals: 415 for a recognisable type other than an allowed image, 422 on `field` otherwise
 * (bytes in no format, corrupt or truncated data, a size out of bounds).
 * The upload itself is left alone: the caller removes it once its change is committed.
 */
export const storeUploadedImage = async (
  deps: ImageStoreDeps,
  tenantId: string,
  file: UploadedFile,
  field: string,
  rules: ImageRules,
): Promise<StoredImage> => {
  let bytes: Buffer;
  try {
    bytes = await readBuffer(deps.blobs, file.key, IMAGE_MAX_BYTES);
  } catch (error) {
    if (error instanceof BlobTooLargeError) {
      throw new DomainError('payload_too_large', Messages.fileTooLarge(IMAGE_MAX_BYTES / (1024 * 1024)), { code: 'upload.too_large' });
    }
    if (error instanceof BlobNotFoundError) throw new ValidationError({ [field]: [Messages.imageUnreadable] });
    throw error;
  }
  let jpeg: Buffer;
  try {
    jpeg = await convertToJpeg(bytes, rules);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw uploadedImageRejectionError(field, error.rejection);
    throw error;
  }
  return storeJpeg(deps.blobs, tenantId, jpeg);
};
