import { z } from 'zod';

/** The image types a cover may be uploaded as (spec, Limits: Image file). */
export const ARTWORK_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/tiff'] as const;

/** POST /releases/{uuid}/artwork/presign: the type of the file the client will PUT. */
export const PresignArtworkBody = z.object({
  content_type: z.enum(ARTWORK_CONTENT_TYPES).default('image/jpeg'),
});
export type PresignArtworkBody = z.infer<typeof PresignArtworkBody>;

/**
 * The reply of the presign call. The client PUTs the file to `upload_url` with `headers`, then
 * sets the release's cover_art_url to `cover_art_url` (PATCH /releases/{uuid}), which converts
 * and stores it like any other cover.
 */
export interface ArtworkPresignReply {
  upload_url: string;
  method: 'PUT';
  headers: Record<string, string>;
  cover_art_url: string;
  expires_at: string;
  max_bytes: number;
}
