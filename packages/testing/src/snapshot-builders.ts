import type { ReleaseSnapshot, SnapshotAudio, TrackSnapshot } from '@sv/contracts';

/*
 * Release snapshots (the catalogue's `releases.snapshot`) built in memory, for tests and
 * benchmarks of code that reads them: a complete single with one 24-bit WAV and a cover, every
 * field overridable.
 */

const padded = (value: number, width: number): string => String(value).padStart(width, '0');

/** A stored 24-bit 44.1 kHz stereo WAV of `seconds`, for track `position`. */
export const audioSnapshot = (position = 1, seconds = 180, overrides: Partial<SnapshotAudio> = {}): SnapshotAudio => ({
  key: `tenant/audio/${position}.wav`,
  url: `http://cdn.test/audio/${position}.wav`,
  mime_type: 'audio/wav',
  size: seconds * 264_600,
  format: 'wav',
  sample_rate_hz: 44_100,
  bit_depth: 24,
  channels: 2,
  duration_ms: seconds * 1000,
  uploaded_at: '2027-01-01T00:00:00.000Z',
  ...overrides,
});

/** Track `position` (default 1) of the release, with audio and a unique uuid and ISRC. */
export const trackSnapshot = (overrides: Partial<TrackSnapshot> = {}): TrackSnapshot => {
  const position = overrides.position ?? 1;
  return {
    uuid: `0b9a4f7e-1c2d-4e3f-8a9b-${padded(position, 12)}`,
    isrc: `QZSVD27${padded(position, 5)}`,
    title: `Song ${position}`,
    title_version: null,
    version_type: null,
    position,
    disc_number: 1,
    explicit: false,
    duration_seconds: 180,
    language: 'en',
    artist_name: null,
    contributors: [],
    additional_artists: [],
    credits: [],
    localized_titles: {},
    localized_title_versions: {},
    copyright_holder: null,
    copyright_year: null,
    track_properties: [],
    ai_service: null,
    ai_service_other: null,
    ai_elements: [],
    instrumental: false,
    audio: audioSnapshot(position),
    rights: [],
    ...overrides,
  };
};

/** A complete draft single: artist, UPC, release date, genre, cover and one track with audio. */
export const releaseSnapshot = (overrides: Partial<ReleaseSnapshot> = {}): ReleaseSnapshot => ({
  uuid: '8a1c6f5e-2b7d-4c39-9e0a-1f2d3c4b5a69',
  tenant_id: '5f0e3d2c-1b0a-4f9e-8d7c-6b5a49382716',
  status: 'draft',
  title: 'First Light',
  type: 'single',
  upc: '0860000000012',
  release_date: '2027-03-05',
  genre: 'Pop',
  subgenre: null,
  language: 'en',
  label: null,
  copyright_year: 2027,
  copyright_holder: null,
  artist: { uuid: '4e3d2c1b-0a9f-4e8d-9c7b-6a5948372615', name: 'Nova' },
  artwork: { key: 'tenant/artwork.jpg', url: 'http://cdn.test/artwork.jpg', mime_type: 'image/jpeg', size: 5000 },
  localizations: [],
  rights: [],
  tracks: [trackSnapshot()],
  updated_at: '2027-01-01T00:00:00.000Z',
  ...overrides,
});
