import { z } from 'zod';
import { ReleaseStatus, ReleaseType } from './releases.ts';

/*
 * A whole release as the catalogue holds it at one moment, for the services that act on it as a
 * unit: delivery (QC, the DDEX message) and supply-chain (the delivery plan's readiness checks).
 * Asked of the catalogue with the internal operation `releases.snapshot`.
 */

/** A stored file: its blob key (private), its CDN address, and what was read from its bytes. */
const storedFile = {
  key: z.string().min(1),
  url: z.string(),
  mime_type: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
};

export const SnapshotAudio = z.object({
  ...storedFile,
  /** wav, flac, aiff, mp3, aac… as read from the file. */
  format: z.string().nullable(),
  sample_rate_hz: z.number().int().positive().nullable(),
  bit_depth: z.number().int().positive().nullable(),
  channels: z.number().int().positive().nullable(),
  duration_ms: z.number().int().nonnegative().nullable(),
  uploaded_at: z.string().nullable(),
});
export type SnapshotAudio = z.infer<typeof SnapshotAudio>;

export const SnapshotArtwork = z.object({ ...storedFile });
export type SnapshotArtwork = z.infer<typeof SnapshotArtwork>;

/** A rights record (release or track level), as stored. */
export const SnapshotRightsRecord = z.object({
  type: z.string(),
  holder: z.string(),
  share: z.number(),
  territory_codes: z.array(z.string()),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  p_line: z.string().nullable(),
  c_line: z.string().nullable(),
});
export type SnapshotRightsRecord = z.infer<typeof SnapshotRightsRecord>;

/** A named party credited on a track with a role (contributors, writers, collaborators). */
export const SnapshotCredit = z.object({ name: z.string(), role: z.string() });
export type SnapshotCredit = z.infer<typeof SnapshotCredit>;

export const TrackSnapshot = z.object({
  uuid: z.uuid(),
  isrc: z.string(),
  /** The ISWC of the recording's musical work (T and 10 digits); null or absent when not known. */
  iswc: z.string().nullable().optional(),
  title: z.string(),
  title_version: z.string().nullable(),
  version_type: z.string().nullable(),
  position: z.number().int(),
  disc_number: z.number().int(),
  explicit: z.boolean(),
  /** Seconds, as given or read from the audio. */
  duration_seconds: z.number().int().nullable(),
  language: z.string(),
  /** The track's own display artist; null means the release's artist. */
  artist_name: z.string().nullable(),
  contributors: z.array(SnapshotCredit),
  additional_artists: z.array(z.object({ name: z.string(), role: z.string().optional() })),
  /** Writers and collaborators credited on the track (roles as credited). */
  credits: z.array(SnapshotCredit),
  localized_titles: z.record(z.string(), z.string()),
  localized_title_versions: z.record(z.string(), z.string()),
  copyright_holder: z.string().nullable(),
  copyright_year: z.number().int().nullable(),
  track_properties: z.array(z.string()),
  ai_service: z.string().nullable(),
  ai_service_other: z.string().nullable(),
  ai_elements: z.array(z.string()),
  instrumental: z.boolean(),
  audio: SnapshotAudio.nullable(),
  rights: z.array(SnapshotRightsRecord),
});
export type TrackSnapshot = z.infer<typeof TrackSnapshot>;

export const ReleaseLocalizationSnapshot = z.object({
  locale: z.string(),
  title: z.string().nullable(),
  title_version: z.string().nullable(),
  label: z.string().nullable(),
});
export type ReleaseLocalizationSnapshot = z.infer<typeof ReleaseLocalizationSnapshot>;

/** A release's descriptive fields, as both the API's release and its snapshot carry them. */
export const releaseDescriptiveShape = {
  title: z.string(),
  type: ReleaseType,
  upc: z.string(),
  release_date: z.string().nullable(),
  genre: z.string(),
  subgenre: z.string().nullable(),
  language: z.string().nullable(),
  label: z.string().nullable(),
  copyright_year: z.number().int(),
  copyright_holder: z.string().nullable(),
};

export const ReleaseSnapshot = z.object({
  uuid: z.uuid(),
  tenant_id: z.uuid(),
  status: ReleaseStatus,
  ...releaseDescriptiveShape,
  artist: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  artwork: SnapshotArtwork.nullable(),
  localizations: z.array(ReleaseLocalizationSnapshot),
  rights: z.array(SnapshotRightsRecord),
  /** Ordered by disc, then position. */
  tracks: z.array(TrackSnapshot),
  updated_at: z.string(),
});
export type ReleaseSnapshot = z.infer<typeof ReleaseSnapshot>;

/** The reply body of `releases.snapshot`. */
export const ReleaseSnapshotReply = z.object({ release: ReleaseSnapshot });
export type ReleaseSnapshotReply = z.infer<typeof ReleaseSnapshotReply>;
