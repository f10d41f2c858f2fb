import { z } from 'zod';
import { AI_ELEMENTS, TRACK_PROPERTIES, type TrackResource } from '../../tracks.ts';
import { nullableIsoTimestamp, isoTimestamp } from './common.ts';

const localizedMap = z.record(z.string(), z.string());

/** What the audio validator found in the current file; null until it has checked it. */
const AudioCheckSchema = z.object({
  problems: z.array(z.string()),
  integrated_lufs: z.number().nullable(),
  true_peak_dbfs: z.number().nullable(),
  checked_at: isoTimestamp,
});

/**
 * The track as reads show it. audio_format, audio_sample_rate_hz and audio_bit_depth are inputs
 * only (spec: not returned on reads); position and duration also appear under the names of the
 * machine-readable description (track_number, duration_seconds).
 */
export const TrackResourceSchema = z.object({
  uuid: z.uuid(),
  release_id: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  track_number: z.number().int(),
  disc_number: z.number().int(),
  explicit: z.boolean(),
  isrc: z.string(),
  iswc: z.string().nullable(),
  duration: z.number().int().nullable(),
  duration_seconds: z.number().int().nullable(),
  language: z.string(),
  track_properties: z.array(z.enum(TRACK_PROPERTIES)),
  ai_service: z.string().nullable(),
  ai_service_other: z.string().nullable(),
  ai_elements: z.array(z.enum(AI_ELEMENTS)),
  version_type: z.string().nullable(),
  title_version: z.string().nullable(),
  lyric_format: z.string().nullable(),
  lyrics: z.string().nullable(),
  audio_channels: z.number().int().nullable(),
  audio_lufs: z.number().nullable(),
  dolby_isrc: z.string().nullable(),
  dolby_audio_uri: z.string().nullable(),
  album_only: z.boolean(),
  instrumental: z.boolean(),
  performance_language: z.string().nullable(),
  artist_id: z.string().nullable(),
  artist_name: z.string().nullable(),
  copyright_holder: z.string().nullable(),
  copyright_year: z.number().int().nullable(),
  year_published: z.number().int().nullable(),
  preview_start_sec: z.number().nullable(),
  preview_end_sec: z.number().nullable(),
  contributors: z.array(z.object({ name: z.string(), role: z.string() })),
  additional_artists: z.array(z.object({ name: z.string(), role: z.string().nullable().optional() })),
  localized_titles: localizedMap,
  localized_title_versions: localizedMap,
  localized_lyrics: localizedMap,
  /** null until audio is uploaded: its turning into a URL is the completion signal. */
  audio_url: z.string().nullable(),
  mime_type: z.string().nullable(),
  file_size: z.number().int().nullable(),
  audio_duration_ms: z.number().int().nullable(),
  audio_uploaded_at: nullableIsoTimestamp,
  audio_check: AudioCheckSchema.nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
}) satisfies z.ZodType<TrackResource>;

export const TrackReply = z.object({ track: TrackResourceSchema });

/** A release's tracks by position (not paginated). */
export const TrackListReply = z.object({ tracks: z.array(TrackResourceSchema) });

/** POST /tracks/{uuid}/audio (spec: `{success, message, data:{audio_url}}`). */
export const AudioUploadReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ audio_url: z.string() }),
});
