import type { AiElement, TrackProperty, TrackResource } from '@sv/contracts';
import type { OwnerUrlOf } from '@sv/platform';
import type { Track } from '../../db/entities/track.entity.ts';

/** double precision columns may come back as strings; the API shows numbers. */
const numberOrNull = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/**
 * The track as the API shows it. The stored audio_format, sample rate and bit depth are not
 * shown (spec: not returned on reads); position and duration also appear under the names of
 * the machine-readable description. The master's audio_url is signed afresh and expires.
 */
export const presentTrack = async (track: Track, urlOf: OwnerUrlOf): Promise<TrackResource> => ({
  uuid: track.id,
  release_id: track.releaseId,
  title: track.title,
  position: track.position,
  track_number: track.position,
  disc_number: track.discNumber,
  explicit: track.explicit,
  isrc: track.isrc,
  iswc: track.iswc ?? null,
  duration: track.durationSeconds ?? null,
  duration_seconds: track.durationSeconds ?? null,
  language: track.language,
  track_properties: track.trackProperties as TrackProperty[],
  ai_service: track.aiService ?? null,
  ai_service_other: track.aiServiceOther ?? null,
  ai_elements: track.aiElements as AiElement[],
  version_type: track.versionType ?? null,
  title_version: track.titleVersion ?? null,
  lyric_format: track.lyricFormat ?? null,
  lyrics: track.lyrics ?? null,
  audio_channels: track.audioChannels ?? null,
  audio_lufs: numberOrNull(track.audioLufs),
  dolby_isrc: track.dolbyIsrc ?? null,
  dolby_audio_uri: track.dolbyAudioUri ?? null,
  album_only: track.albumOnly,
  instrumental: track.instrumental,
  performance_language: track.performanceLanguage ?? null,
  artist_id: track.artistId ?? null,
  artist_name: track.artistName ?? null,
  copyright_holder: track.copyrightHolder ?? null,
  copyright_year: track.copyrightYear ?? null,
  year_published: track.yearPublished ?? null,
  preview_start_sec: numberOrNull(track.previewStartSec),
  preview_end_sec: numberOrNull(track.previewEndSec),
  contributors: track.contributors,
  additional_artists: track.additionalArtists,
  localized_titles: track.localizedTitles,
  localized_title_versions: track.localizedTitleVersions,
  localized_lyrics: track.localizedLyrics,
  audio_url: await urlOf({ key: track.audioKey, url: track.audioUrl }),
  mime_type: track.mimeType ?? null,
  file_size: track.fileSize ?? null,
  audio_duration_ms: track.audioDurationMs ?? null,
  audio_uploaded_at: track.audioUploadedAt?.toISOString() ?? null,
  audio_check: track.audioCheckedAt
    ? {
        problems: track.audioProblems ?? [],
        integrated_lufs: track.audioIntegratedLufs == null ? null : Number(track.audioIntegratedLufs),
        true_peak_dbfs: track.audioTruePeakDbfs == null ? null : Number(track.audioTruePeakDbfs),
        checked_at: track.audioCheckedAt.toISOString(),
      }
    : null,
  created_at: track.createdAt.toISOString(),
  updated_at: track.updatedAt.toISOString(),
});
