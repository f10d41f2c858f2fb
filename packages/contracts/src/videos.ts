import { z } from 'zod';
import { defineEvent } from './events.ts';

export const VIDEO_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export const VideoStatus = z.enum(VIDEO_STATUSES);
export type VideoStatus = z.infer<typeof VideoStatus>;

export const VIDEO_TYPES = ['music_video', 'lyric_video', 'visualizer', 'live', 'behind_the_scenes'] as const;
export const VideoType = z.enum(VIDEO_TYPES);
export type VideoType = z.infer<typeof VideoType>;

/**
 * An ISRC as the spec writes it (Specifics 2): country (2 letters), registrant (3 letters or
 * digits), year (2 digits), designation (5 digits), 12 characters, no hyphens.
 */
export const VIDEO_ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/;

export const VIDEO_ISRC_MESSAGE =
  'The isrc must be a 12-character ISRC: country (2 letters), registrant (3 letters or digits), year (2 digits), designation (5 digits), without hyphens.';

/**
 * The isrc input: omitted, null or blank means "none" (null, assigned on approval); anything
 * else is trimmed, upper-cased and must then be a 12-character ISRC.
 */
const isrcInput = z
  .union([z.string(), z.null()])
  .transform((value) => (value === null || value.trim() === '' ? null : value.trim().toUpperCase()))
  .refine((value) => value === null || VIDEO_ISRC_PATTERN.test(value), VIDEO_ISRC_MESSAGE)
  .optional();

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const uuidInput = (field: string) => z.uuid(`The ${field} must be a UUID.`).nullable().optional();

const videoFields = {
  title: z.string().trim().min(1, 'The title field is required.').max(255),
  artist_id: uuidInput('artist_id'),
  release_id: uuidInput('release_id'),
  isrc: isrcInput,
  video_type: VideoType.optional(),
  release_date: z.iso.date('The release_date must be a date (YYYY-MM-DD).').nullable().optional(),
  genre: optionalText(100),
  explicit: z.boolean().optional(),
  description: optionalText(10_000),
  language: optionalText(35),
};

/** Body of POST /videos: title is required, the rest optional. */
export const CreateVideoBody = z.object(videoFields);
export type CreateVideoBody = z.infer<typeof CreateVideoBody>;

/** Body of PATCH/PUT /videos/{uuid}: only supplied fields change. */
export const UpdateVideoBody = z.object(videoFields).partial();
export type UpdateVideoBody = z.infer<typeof UpdateVideoBody>;

/** Body of POST /videos/{uuid}/reject. */
export const RejectVideoBody = z.object({
  reason: z.string({ error: 'The reason field is required.' }).trim().min(1, 'The reason field is required.').max(2000),
});
export type RejectVideoBody = z.infer<typeof RejectVideoBody>;

/** The video as the API returns it. */
export interface VideoResource {
  uuid: string;
  title: string;
  artist_id: string | null;
  release_id: string | null;
  isrc: string | null;
  video_type: VideoType;
  status: VideoStatus;
  release_date: string | null;
  genre: string | null;
  explicit: boolean;
  description: string | null;
  language: string | null;
  rejection_reason: string | null;
  video_url: string | null;
  mime_type: string | null;
  file_size: number | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  submitted_at: string | null;
  approved_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Operations the catalogue answers for videos. */
export const VideoOperation = {
  list: 'videos.list',
  create: 'videos.create',
  get: 'videos.get',
  update: 'videos.update',
  delete: 'videos.delete',
  upload: 'videos.upload',
  submit: 'videos.submit',
  approve: 'videos.approve',
  reject: 'videos.reject',
} as const;

const videoRef = z.object({
  video_id: z.uuid(),
  title: z.string(),
  status: VideoStatus,
  isrc: z.string().nullable(),
  artist_id: z.uuid().nullable(),
  release_id: z.uuid().nullable(),
});

/** The spec's video workflow events (Events: video.created, video.submitted, video.approved, video.rejected). */
export const VideoEvents = {
  created: defineEvent('video.created', videoRef),
  submitted: defineEvent('video.submitted', videoRef),
  approved: defineEvent('video.approved', videoRef),
  rejected: defineEvent('video.rejected', videoRef.extend({ reason: z.string() })),
};
