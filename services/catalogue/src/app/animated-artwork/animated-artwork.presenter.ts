import type { AnimatedArtworkResource } from '@sv/contracts';
import type { OwnerUrlOf } from '@sv/platform';
import type { AnimatedArtwork } from '../../db/entities/animated-artwork.entity.ts';

/** An animated artwork asset as the API shows it; file_url is signed afresh and expires. */
export const presentAnimatedArtwork = async (asset: AnimatedArtwork, urlOf: OwnerUrlOf): Promise<AnimatedArtworkResource> => ({
  uuid: asset.id,
  release_id: asset.releaseId,
  asset_type: asset.assetType as AnimatedArtworkResource['asset_type'],
  status: asset.status as AnimatedArtworkResource['status'],
  file_url: (await urlOf({ key: asset.fileKey, url: asset.fileUrl })) ?? asset.fileUrl,
  mime_type: asset.mimeType,
  file_size: asset.fileSize,
  container: (asset.container ?? null) as AnimatedArtworkResource['container'],
  width: asset.width ?? null,
  height: asset.height ?? null,
  duration_ms: asset.durationMs ?? null,
  errors: asset.errors,
  validated_at: asset.validatedAt?.toISOString() ?? null,
  created_at: asset.createdAt.toISOString(),
  updated_at: asset.updatedAt.toISOString(),
});
