import { z } from 'zod';
import {
  ANIMATED_CONTAINERS,
  AnimatedArtworkStatus,
  AnimatedAssetType,
  type AnimatedArtworkResource,
} from '../../animated-artwork.ts';
import { nullableIsoTimestamp, isoTimestamp } from './common.ts';

export const AnimatedArtworkResourceSchema = z.object({
  uuid: z.uuid(),
  release_id: z.uuid(),
  asset_type: AnimatedAssetType,
  status: AnimatedArtworkStatus,
  file_url: z.string(),
  mime_type: z.string(),
  file_size: z.number().int().nonnegative(),
  container: z.enum(ANIMATED_CONTAINERS).nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** Every broken rule, in plain words. */
  errors: z.array(z.string()),
  validated_at: nullableIsoTimestamp,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
}) satisfies z.ZodType<AnimatedArtworkResource>;

export const AnimatedArtworkReply = z.object({ animated_artwork: AnimatedArtworkResourceSchema });

/** Square, portrait, canvas: one live asset per type. */
export const AnimatedArtworkListReply = z.object({ animated_artwork: z.array(AnimatedArtworkResourceSchema) });
