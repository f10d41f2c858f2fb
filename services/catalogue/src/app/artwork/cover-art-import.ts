import { Messages } from '@sv/contracts';
import { BlobNotFoundError, BlobTooLargeError, ImageRejectedError, isPublicAddress, readBuffer } from '@sv/platform';
import type { CatalogueContext } from '../../catalogue-context.ts';
import type { CatalogueConfig } from '../../config.ts';
import { coverArtError, coverArtRejectionError } from './artwork.errors.ts';
import { GuardedFetchError, fetchGuarded, type FetchGuards } from './guarded-fetch.ts';
import { IMAGE_MAX_BYTES, convertToJpeg } from './image-pipeline.ts';
import { storeJpeg, type StoredImage } from './stored-image.ts';

/** A cover stored in the blob store as JPEG: its CDN URL and blob key. */
export type StoredArtwork = StoredImage;

export type ArtworkDeps = Pick<CatalogueContext, 'blobs' | 'logger'> & { config: Pick<CatalogueConfig, 'allowPrivateUrls'> };

const MEGABYTE = 1024 * 1024;

/** DESIGN.md, "Nothing trusted from outside": the guards of every cover_art_url fetch. */
export const coverArtFetchGuards = (allowPrivateUrls: boolean): FetchGuards => ({
  maxBytes: IMAGE_MAX_BYTES,
  maxRedirects: 3,
  timeoutMs: 10_000,
  isAllowedAddress: allowPrivateUrls ? () => true : isPublicAddress,
});

/** The bytes behind a cover_art_url: our own CDN files straight from the store, anything else over HTTP. */
const sourceBytes = async (deps: ArtworkDeps, sourceUrl: string): Promise<Buffer> => {
  const ownKey = deps.blobs.keyOf(sourceUrl);
  if (ownKey !== undefined) {
    try {
      return await readBuffer(deps.blobs, ownKey, IMAGE_MAX_BYTES);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw coverArtError(Messages.coverArtNotUploaded);
      if (error instanceof BlobTooLargeError) throw coverArtError(Messages.coverArtTooLarge(IMAGE_MAX_BYTES / MEGABYTE));
      throw error;
    }
  }
  try {
    return await fetchGuarded(sourceUrl, coverArtFetchGuards(deps.config.allowPrivateUrls));
  } catch (error) {
    if (error instanceof GuardedFetchError) throw coverArtError(error.message);
    throw error;
  }
};

/**
 * Fetches the image at `sourceUrl` under the outbound-fetch guards (or reads it from the blob store
 * when it is one of our own CDN URLs, as after a presigned upload), converts it to JPEG and stores
 * it under a new key; throws ValidationError (422, field cover_art_url) when it cannot be fetched or
 * is unreadable, corrupt, not an image or larger than 8000x8000. No minimum size applies to URLs.
 * The source is never removed: the same URL may be sent again. The caller commits the returned URL
 * and, once committed, removes the release's previous artwork (removeQuietly).
 */
export const importCoverArt = async (deps: ArtworkDeps, tenantId: string, sourceUrl: string): Promise<StoredArtwork> => {
  const bytes = await sourceBytes(deps, sourceUrl);
  let jpeg: Buffer;
  try {
    jpeg = await convertToJpeg(bytes);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw coverArtRejectionError(error.rejection);
    throw error;
  }
  return storeJpeg(deps.blobs, tenantId, jpeg);
};
