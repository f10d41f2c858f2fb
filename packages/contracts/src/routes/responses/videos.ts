import { z } from 'zod';
import { VideoStatus, VideoType, type VideoResource } from '../../videos.ts';
import { nullableIsoTimestamp, pagedList, isoTimestamp } from './common.ts';

export const VideoResourceSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  artist_id: z.string().nullable(),
  release_id: z.string().nullable(),
  /** null until approval assigns one, unless supplied. */
  isrc: z.string().nullable(),
  video_type: VideoType,
  status: VideoStatus,
  release_date: z.string().nullable(),
  genre: z.string().nullable(),
  explicit: z.boolean(),
  description: z.string().nullable(),
  language: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  video_url: z.string().nullable(),
  mime_type: z.string().nullable(),
  file_size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  submitted_at: nullableIsoTimestamp,
  approved_at: nullableIsoTimestamp,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
}) satisfies z.ZodType<VideoResource>;

export const VideoReply = z.object({ video: VideoResourceSchema });
export const VideoListReply = pagedList('videos', VideoResourceSchema);

/** POST /videos/{uuid}/submit. */
export const SubmitVideoReply = z.object({ message: z.string(), status: VideoStatus });
