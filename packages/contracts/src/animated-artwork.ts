import { z } from 'zod';
import { defineEvent } from './events.ts';
import { ReleaseOperation } from './releases.ts';

/** The asset types of the spec (Other areas): Apple motion 1:1 and 3:4, Spotify Canvas 9:16. */
export const ANIMATED_ASSET_TYPES = ['apple_motion_square', 'apple_motion_portrait', 'spotify_canvas'] as const;
export const AnimatedAssetType = z.enum(ANIMATED_ASSET_TYPES);
export type AnimatedAssetType = z.infer<typeof AnimatedAssetType>;

/** Other spellings accepted in the path; each is stored and returned under its canonical name. */
export const ANIMATED_ASSET_TYPE_ALIASES: Readonly<Record<string, AnimatedAssetType>> = {
  apple_motion_1x1: 'apple_motion_square',
  apple_motion_3x4: 'apple_motion_portrait',
  canvas: 'spotify_canvas',
};

/** The canonical asset type of a path segment (case-insensitive, `-` read as `_`), or undefined. */
export const canonicalAssetType = (segment: string): AnimatedAssetType | undefined => {
  const normalised = segment.trim().toLowerCase().replaceAll('-', '_');
  const direct = AnimatedAssetType.safeParse(normalised);
  return direct.success ? direct.data : ANIMATED_ASSET_TYPE_ALIASES[normalised];
};

export const ANIMATED_ARTWORK_STATUSES = ['processing', 'valid', 'invalid'] as const;
export const AnimatedArtworkStatus = z.enum(ANIMATED_ARTWORK_STATUSES);
export type AnimatedArtworkStatus = z.infer<typeof AnimatedArtworkStatus>;

export const ANIMATED_CONTAINERS = ['mp4', 'mov', 'webm', 'gif'] as const;
export type AnimatedContainer = (typeof ANIMATED_CONTAINERS)[number];

/** What an asset type requires; the validator checks every uploaded file against it. */
export interface AnimatedAssetRules {
  /** width / height, as a fraction so the documentation can print it. */
  ratio: { width: number; height: number };
  minWidth: number;
  minHeight: number;
  minDurationMs: number;
  maxDurationMs: number;
}

/** Allowed relative deviation of width/height from the asset type's ratio. */
export const ANIMATED_RATIO_TOLERANCE = 0.01;

export const ANIMATED_ASSET_RULES: Readonly<Record<AnimatedAssetType, AnimatedAssetRules>> = {
  apple_motion_square: { ratio: { width: 1, height: 1 }, minWidth: 1080, minHeight: 1080, minDurationMs: 15_000, maxDurationMs: 35_000 },
  apple_motion_portrait: { ratio: { width: 3, height: 4 }, minWidth: 1080, minHeight: 1440, minDurationMs: 15_000, maxDurationMs: 35_000 },
  spotify_canvas: { ratio: { width: 9, height: 16 }, minWidth: 720, minHeight: 1280, minDurationMs: 3_000, maxDurationMs: 8_000 },
};

/** An animated artwork asset as the API returns it. */
export interface AnimatedArtworkResource {
  uuid: string;
  release_id: string;
  asset_type: AnimatedAssetType;
  status: AnimatedArtworkStatus;
  file_url: string;
  mime_type: string;
  file_size: number;
  container: AnimatedContainer | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  errors: string[];
  validated_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Operations the catalogue answers for a release's animated artwork. */
export const AnimatedArtworkOperation = {
  upload: ReleaseOperation.animatedArtwork,
  list: 'releases.animated_artwork_list',
  get: 'releases.animated_artwork_get',
  delete: 'releases.animated_artwork_delete',
} as const;

const assetRef = z.object({
  animated_artwork_id: z.uuid(),
  release_id: z.uuid(),
  asset_type: AnimatedAssetType,
});

/**
 * `received` is recorded with the upload and consumed by the catalogue's own validator;
 * `validated` carries the verdict for anyone who listens (webhooks, delivery).
 */
export const AnimatedArtworkEvents = {
  received: defineEvent('release.animated_artwork.received', assetRef),
  validated: defineEvent(
    'release.animated_artwork.validated',
    assetRef.extend({ status: z.enum(['valid', 'invalid']), errors: z.array(z.string()) }),
  ),
};
