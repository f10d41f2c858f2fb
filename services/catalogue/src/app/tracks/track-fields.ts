import type { UpdateTrackBody } from '@sv/contracts';
import type { Track } from '../../db/entities/track.entity.ts';

/** API field → entity property, for the fields copied as they are (null clears). */
const PLAIN_FIELDS = {
  title: 'title',
  position: 'position',
  explicit: 'explicit',
  iswc: 'iswc',
  duration: 'durationSeconds',
  language: 'language',
  version_type: 'versionType',
  title_version: 'titleVersion',
  lyric_format: 'lyricFormat',
  lyrics: 'lyrics',
  audio_lufs: 'audioLufs',
  dolby_isrc: 'dolbyIsrc',
  dolby_audio_uri: 'dolbyAudioUri',
  album_only: 'albumOnly',
  instrumental: 'instrumental',
  performance_language: 'performanceLanguage',
  artist_id: 'artistId',
  artist_name: 'artistName',
  copyright_holder: 'copyrightHolder',
  copyright_year: 'copyrightYear',
  year_published: 'yearPublished',
  preview_start_sec: 'previewStartSec',
  preview_end_sec: 'previewEndSec',
} as const satisfies Partial<Record<keyof UpdateTrackBody, keyof Track>>;

/** Declared properties of the audio: they describe the file until one is uploaded, which then wins. */
const DECLARED_AUDIO_FIELDS = {
  audio_format: 'audioFormat',
  audio_sample_rate_hz: 'audioSampleRateHz',
  audio_bit_depth: 'audioBitDepth',
  audio_channels: 'audioChannels',
} as const satisfies Partial<Record<keyof UpdateTrackBody, keyof Track>>;

/** Fields whose null means "empty" rather than "unknown". */
const COLLECTION_FIELDS = {
  contributors: ['contributors', () => []],
  additional_artists: ['additionalArtists', () => []],
  localized_titles: ['localizedTitles', () => ({})],
  localized_title_versions: ['localizedTitleVersions', () => ({})],
  localized_lyrics: ['localizedLyrics', () => ({})],
} as const satisfies Partial<Record<keyof UpdateTrackBody, readonly [keyof Track, () => unknown]>>;

/**
 * Copies the sent fields onto the track. The ISRC and the AI disclosure have rules of their own
 * and are applied by the use-case; artist_id must have been checked before.
 */
export const applyTrackFields = (track: Track, input: UpdateTrackBody): void => {
  const target = track as Record<string, unknown>;
  for (const [field, property] of Object.entries(PLAIN_FIELDS)) {
    const value = input[field as keyof UpdateTrackBody];
    if (value !== undefined) target[property] = value;
  }
  if (!track.audioKey) {
    for (const [field, property] of Object.entries(DECLARED_AUDIO_FIELDS)) {
      const value = input[field as keyof UpdateTrackBody];
      if (value !== undefined) target[property] = value;
    }
  }
  for (const [field, [property, empty]] of Object.entries(COLLECTION_FIELDS)) {
    const value = input[field as keyof UpdateTrackBody];
    if (value !== undefined) target[property] = value ?? empty();
  }
  if (input.disc_number !== undefined) track.discNumber = input.disc_number ?? 1;
};
