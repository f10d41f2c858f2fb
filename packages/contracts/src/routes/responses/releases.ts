import { z } from 'zod';
import type { ArtworkPresignReply } from '../../artwork.ts';
import { releaseDescriptiveShape } from '../../release-snapshot.ts';
import { ReleaseStatus, type ReleaseResource, type SubmitReleaseReply } from '../../releases.ts';
import { pagedList, isoTimestamp } from './common.ts';

/** A track of a release as the release shows it, by position. */
export const ReleaseTrackSummarySchema = z.object({ uuid: z.uuid(), title: z.string(), position: z.number().int() });

export const ReleaseResourceSchema = z.object({
  uuid: z.uuid(),
  status: ReleaseStatus,
  ...releaseDescriptiveShape,
  /** The stored cover, always a .jpg on the CDN. */
  artwork_url: z.string().nullable(),
  /** The input name of the cover, read back as the stored URL. */
  cover_art_url: z.string().nullable(),
  artist_id: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  tracks: z.array(ReleaseTrackSummarySchema),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
}) satisfies z.ZodType<ReleaseResource>;

export const ReleaseReply = z.object({ release: ReleaseResourceSchema });
export const ReleaseListReply = pagedList('releases', ReleaseResourceSchema);

/** POST /releases/{uuid}/submit (spec: `{message, status:'pending'}`). */
export const SubmitReleaseReplySchema = z.object({
  message: z.string(),
  status: z.literal('pending'),
}) satisfies z.ZodType<SubmitReleaseReply>;

/** POST /releases/{uuid}/artwork/presign: PUT the file to upload_url, then set cover_art_url. */
export const ArtworkPresignReplySchema = z.object({
  upload_url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  cover_art_url: z.string(),
  expires_at: isoTimestamp,
  max_bytes: z.number().int().positive(),
}) satisfies z.ZodType<ArtworkPresignReply>;
