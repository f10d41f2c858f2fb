import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { AnimatedArtworkEvents, type AnimatedAssetType } from '@sv/contracts';
import { BlobNotFoundError, BlobTooLargeError, readBuffer, recordEvent, type BlobStore } from '@sv/platform';
import { AnimatedArtwork } from '../../db/entities/animated-artwork.entity.ts';
import { animatedArtworkErrors } from './animated-artwork-rules.ts';
import { MIME_OF_CONTAINER, probeAnimatedMedia, type MediaProbe } from './media-probe.ts';

/** The gateway's ceiling (50 MB) plus slack; a stored file beyond it is refused unread. */
const MAX_READ_BYTES = 51 * 1024 * 1024;

const readProbe = async (blobs: BlobStore, key: string): Promise<MediaProbe | undefined> => {
  let bytes: Buffer;
  try {
    bytes = await readBuffer(blobs, key, MAX_READ_BYTES);
  } catch (error) {
    if (error instanceof BlobNotFoundError || error instanceof BlobTooLargeError) return undefined;
    throw error;
  }
  return probeAnimatedMedia(bytes);
};

/**
 * Validates one received asset: reads its bytes, tells the container, picture size and duration,
 * checks them against the asset type's rules, stores `valid` or `invalid` with the reasons and
 * records release.animated_artwork.validated. Runs in the consumer's transaction; an asset
 * already validated or superseded meanwhile is left alone (a redelivery changes nothing).
 */
export const validateAnimatedArtwork = async (em: EntityManager, blobs: BlobStore, assetId: string): Promise<void> => {
  const asset = await em.findOne(AnimatedArtwork, { id: assetId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!asset || asset.status !== 'processing' || asset.deletedAt) return;
  const probe = await readProbe(blobs, asset.fileKey);
  const errors = animatedArtworkErrors(asset.assetType as AnimatedAssetType, probe);
  const now = new Date();
  if (probe) {
    asset.container = probe.container;
    asset.mimeType = MIME_OF_CONTAINER[probe.container];
    asset.width = probe.width;
    asset.height = probe.height;
    asset.durationMs = probe.durationMs;
  }
  asset.status = errors.length === 0 ? 'valid' : 'invalid';
  asset.errors = errors;
  asset.validatedAt = now;
  asset.updatedAt = now;
  recordEvent(em, AnimatedArtworkEvents.validated, asset.tenantId, {
    animated_artwork_id: asset.id,
    release_id: asset.releaseId,
    asset_type: asset.assetType as AnimatedAssetType,
    status: asset.status as 'valid' | 'invalid',
    errors,
  });
  await em.flush();
};
