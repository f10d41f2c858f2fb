import { randomUUID } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  ANIMATED_ASSET_TYPES,
  AnimatedArtworkEvents,
  canonicalAssetType,
  type AnimatedAssetType,
  type UploadedFile,
} from '@sv/contracts';
import { recordEvent } from '@sv/platform';
import { AnimatedArtwork } from '../../db/entities/animated-artwork.entity.ts';
import { findVisibleRelease, type ReleaseViewer } from '../releases/release-access.ts';
import { AnimatedArtworkNotFoundError, AnimatedArtworkRaceError, UnknownAssetTypeError } from './animated-artwork.errors.ts';

/** The canonical asset type of a path segment, else 422 naming the accepted types. */
const requireAssetType = (segment: string): AnimatedAssetType => {
  const assetType = canonicalAssetType(segment);
  if (!assetType) throw new UnknownAssetTypeError(segment);
  return assetType;
};

const liveAsset = (em: EntityManager, releaseId: string, assetType: AnimatedAssetType, lock = false) =>
  em.findOne(
    AnimatedArtwork,
    { releaseId, assetType, deletedAt: null },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
  );

/**
 * POST /releases/{uuid}/animated-artwork/{asset_type}: records the uploaded file as `processing`,
 * superseding (soft-deleting) the live asset of the same type, and records
 * release.animated_artwork.received in the same transaction; the validator picks it up from there.
 */
export const receiveAnimatedArtwork = async (
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  assetTypeSegment: string,
  file: UploadedFile,
): Promise<AnimatedArtwork> => {
  try {
    return await em.transactional(async (tx) => {
      const release = await findVisibleRelease(tx, viewer, releaseId);
      const assetType = requireAssetType(assetTypeSegment);
      const now = new Date();
      const previous = await liveAsset(tx, release.id, assetType, true);
      if (previous) {
        previous.deletedAt = now;
        previous.updatedAt = now;
        // The partial unique index admits the new row only once the old one is no longer live.
        await tx.flush();
      }
      const asset = tx.create(AnimatedArtwork, {
        id: randomUUID(),
        tenantId: release.tenantId,
        releaseId: release.id,
        assetType,
        status: 'processing',
        fileUrl: file.url,
        fileKey: file.key,
        mimeType: file.mime_type,
        fileSize: file.size,
        container: null,
        width: null,
        height: null,
        durationMs: null,
        errors: [],
        validatedAt: null,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      });
      recordEvent(tx, AnimatedArtworkEvents.received, release.tenantId, {
        animated_artwork_id: asset.id,
        release_id: release.id,
        asset_type: assetType,
      });
      await tx.flush();
      return asset;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new AnimatedArtworkRaceError();
    throw error;
  }
};

/** GET /releases/{uuid}/animated-artwork: the live asset of each type, in the order of the types. */
export const listAnimatedArtwork = async (em: EntityManager, viewer: ReleaseViewer, releaseId: string): Promise<AnimatedArtwork[]> => {
  const release = await findVisibleRelease(em, viewer, releaseId);
  const assets = await em.find(AnimatedArtwork, { releaseId: release.id, deletedAt: null });
  const order = (asset: AnimatedArtwork) => ANIMATED_ASSET_TYPES.indexOf(asset.assetType as AnimatedAssetType);
  return assets.sort((a, b) => order(a) - order(b));
};

/** GET /releases/{uuid}/animated-artwork/{asset_type}: the live asset of that type. */
export const getAnimatedArtwork = async (
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  assetTypeSegment: string,
): Promise<AnimatedArtwork> => {
  const release = await findVisibleRelease(em, viewer, releaseId);
  const asset = await liveAsset(em, release.id, requireAssetType(assetTypeSegment));
  if (!asset) throw new AnimatedArtworkNotFoundError();
  return asset;
};

/** DELETE /releases/{uuid}/animated-artwork/{asset_type}: soft-deletes the live asset of that type. */
export const deleteAnimatedArtwork = (
  em: EntityManager,
  viewer: ReleaseViewer,
  releaseId: string,
  assetTypeSegment: string,
): Promise<void> =>
  em.transactional(async (tx) => {
    const release = await findVisibleRelease(tx, viewer, releaseId);
    const asset = await liveAsset(tx, release.id, requireAssetType(assetTypeSegment), true);
    if (!asset) throw new AnimatedArtworkNotFoundError();
    const now = new Date();
    asset.deletedAt = now;
    asset.updatedAt = now;
    await tx.flush();
  });
