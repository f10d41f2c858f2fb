import type { EffectiveDeal, EffectiveStoreConfig, ReleaseSnapshot, TrackSnapshot } from '@sv/contracts';
import { resourceFileNames, type AudioFileInfo, type ErnBuildInput } from '../../src/index.ts';

/*
 * Small, valid inputs for the builder, each overridable field by field. Every value is fixed
 * (no clock, no randomness) so tests can compare whole messages.
 */

/** A stable UUID per number: uuid(7) → 00000000-0000-4000-8000-000000000007. */
export const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const PLATFORM = { party_id: 'PADPIDA2014120301U', name: 'SV Distribution' };
export const TENANT = { party_id: 'PADPIDA2020010101T', name: 'Nova Records' };
export const STORE = { party_id: 'PADPIDA2009101501Y', name: 'Example Music Store' };
export const UPC = '0602445123456';

/** Track `position` (on disc 1 unless overridden); its uuid follows disc and position. */
export const makeTrack = (position: number, overrides: Partial<TrackSnapshot> = {}): TrackSnapshot => ({
  uuid: uuid(1000 * (overrides.disc_number ?? 1) + position),
  isrc: `GBX12500${String(position).padStart(4, '0')}`,
  iswc: null,
  title: `Song ${position}`,
  title_version: null,
  version_type: null,
  position,
  disc_number: 1,
  explicit: false,
  duration_seconds: 200 + position,
  language: 'en',
  artist_name: null,
  contributors: [{ name: 'Ada Writer', role: 'Composer' }],
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
  audio: null,
  rights: [],
  ...overrides,
});

export const makeRelease = (trackCount: number, overrides: Partial<ReleaseSnapshot> = {}): ReleaseSnapshot => ({
  uuid: uuid(1),
  tenant_id: uuid(2),
  status: 'approved',
  title: 'First Light',
  type: trackCount === 1 ? 'single' : trackCount <= 6 ? 'ep' : 'album',
  upc: UPC,
  release_date: '2025-06-06',
  genre: 'Electronic',
  subgenre: 'House',
  language: 'en',
  label: 'Nova Records',
  copyright_year: 2025,
  copyright_holder: 'Nova Records Ltd',
  artist: { uuid: uuid(3), name: 'Nova' },
  artwork: { key: 'artwork/cover.jpg', url: 'https://cdn.example/cover.jpg', mime_type: 'image/jpeg', size: 1_000_000 },
  localizations: [],
  rights: [],
  tracks: Array.from({ length: trackCount }, (_, index) => makeTrack(index + 1)),
  updated_at: '2025-05-01T10:00:00.000Z',
  ...overrides,
});

export const makeDeal = (overrides: Partial<EffectiveDeal> = {}): EffectiveDeal => ({
  policy_code: 'streaming',
  commercial_model_type: 'SubscriptionModel',
  use_types: ['OnDemandStream', 'NonInteractiveStream'],
  territory_codes: ['Worldwide'],
  excluded_territory_codes: [],
  start_date: '2025-06-06',
  price_type: null,
  ...overrides,
});

export const makeStore = (overrides: Partial<EffectiveStoreConfig> = {}): EffectiveStoreConfig => ({
  dsp: {
    dsp_id: 1,
    slug: 'example',
    name: STORE.name,
    ddex_party_id: STORE.party_id,
    ern_version: '4.3',
    delivery_method: 'sftp',
    delivery_type: 'batch',
  },
  status: 'pending',
  is_blocked: false,
  territory_mode: 'include',
  territory_codes: ['Worldwide'],
  monetization_policy_codes: ['streaming', 'download'],
  pricing_tier_code: 'front',
  release_date: '2025-06-06',
  rights: null,
  track_withdrawals: [],
  sources: {
    territory_mode: 'default',
    territory_codes: 'default',
    monetization_policy_codes: 'release',
    pricing_tier_code: 'release',
    release_date: 'dsp',
    rights: 'default',
    track_withdrawals: 'default',
  },
  deals: [
    makeDeal(),
    makeDeal({ policy_code: 'download', commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload'], price_type: 'FRONT' }),
  ],
  ...overrides,
});

/** Audio file facts for every track of the release, named as the delivery service names them. */
export const audioFilesFor = (release: ReleaseSnapshot): Record<string, AudioFileInfo> =>
  Object.fromEntries(
    release.tracks.map((track, index) => [
      track.uuid,
      {
        file_name: resourceFileNames.audio(release, track, 'flac'),
        md5: (index + 1).toString(16).padStart(32, 'a'),
        codec: 'flac',
        sample_rate_hz: 44_100,
        bit_depth: 16,
        channels: 2,
        duration_ms: (track.duration_seconds ?? 180) * 1000 + 250,
      },
    ]),
  );

/** A complete build input; `release` defaults to a single, files follow the release given. */
export const makeInput = (overrides: Partial<ErnBuildInput> = {}): ErnBuildInput => {
  const release = overrides.release ?? makeRelease(1);
  return {
    message_id: 'MSG-0001',
    created_at: '2025-05-20T12:00:00.000Z',
    control: 'LiveMessage',
    kind: 'new',
    sender: PLATFORM,
    sent_on_behalf_of: TENANT,
    recipient: STORE,
    store: makeStore(),
    audio_files: audioFilesFor(release),
    artwork_file: { file_name: resourceFileNames.artwork(release), md5: 'c'.repeat(32), width: 3000, height: 3000 },
    ...overrides,
    release,
  };
};
