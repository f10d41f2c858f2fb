import { upcOfIcpn, WORLDWIDE, type ReleaseSnapshot } from '@sv/contracts';
import { resourceFileNames, type AudioFileInfo, type ErnBuildInput } from '../../src/index.ts';
import { ERN_VERSIONS, type ErnVersion } from '../../src/ern-version.ts';
import type { IngestedErnArtist, IngestedErnRelease, IngestedErnTrack } from '../../src/read/index.ts';
import { createErnValidator, type ErnValidator } from '../../src/validate/ern-validator.ts';
import { makeDeal, makeInput, makeRelease, makeStore, makeTrack, uuid } from './release-factory.ts';

/*
 * Turning a release read from an ERN message into what the platform builds a message from, as
 * ingestion maps a delivered release into the catalogue (services/ingestion ddex-release-body).
 */

const MAIN_ROLES = new Set(['MainArtist', 'PrimaryArtist']);

/** The first main artist's name, else the display artist name, else the first artist at all. */
export const mainArtistOf = (artists: readonly IngestedErnArtist[], displayName?: string): string | undefined =>
  artists.find((artist) => MAIN_ROLES.has(artist.role))?.name ?? displayName ?? artists[0]?.name;

/** The UPC given to a sample identified by GRid only: the builder needs one, and ingestion would assign one. */
export const ASSIGNED_UPC = '012345678905';

/** The UPC the platform keeps for a release read from a message (see upcOfIcpn). */
export const platformUpcOf = (release: IngestedErnRelease): string => (release.upc === undefined ? ASSIGNED_UPC : upcOfIcpn(release.upc));

/** Where the release is offered: the sample's territories, or everywhere when it comes without deals. */
export const offeredTerritoriesOf = (release: IngestedErnRelease): string[] => (release.territories.length > 0 ? release.territories : [WORLDWIDE]);

/** The artist a track is displayed under: its own main artist, else the release's. */
export const trackArtistOf = (track: IngestedErnTrack, releaseArtist: string): string => mainArtistOf(track.displayArtists) ?? releaseArtist;

/**
 * The tracks the snapshot carries. A track without an ISRC is left out: the builder needs one
 * per recording and the catalogue would assign it; none of the shared samples has such a track.
 */
export const tracksWithIsrc = (release: IngestedErnRelease): IngestedErnTrack[] => release.tracks.filter((track) => track.isrc !== undefined);

const localizedTitlesOf = (track: IngestedErnTrack): Record<string, string> =>
  Object.fromEntries(track.localizedTitles.map((title) => [title.language, title.title]));

const snapshotOf = (release: IngestedErnRelease): ReleaseSnapshot => {
  const artistName = mainArtistOf(release.displayArtists, release.displayArtistName) ?? '';
  const rights = release.cLine ?? release.pLine;
  const tracks = tracksWithIsrc(release).map((track) => {
    const trackArtist = mainArtistOf(track.displayArtists);
    return makeTrack(track.sequenceNumber, {
      disc_number: track.discNumber,
      isrc: track.isrc ?? '',
      title: track.title,
      title_version: track.subtitle ?? null,
      explicit: track.explicit,
      duration_seconds: track.durationSeconds === undefined ? null : Math.round(track.durationSeconds),
      language: track.language ?? 'en',
      artist_name: trackArtist !== undefined && trackArtist !== artistName ? trackArtist : null,
      additional_artists: track.displayArtists.filter((artist) => !MAIN_ROLES.has(artist.role)).map(({ name, role }) => ({ name, role })),
      contributors: track.contributors.flatMap((contributor) => contributor.roles.map((role) => ({ name: contributor.name, role }))),
      localized_titles: localizedTitlesOf(track),
      copyright_year: track.pLine?.year ?? null,
      copyright_holder: track.pLine?.text ?? null,
    });
  });
  return makeRelease(tracks.length, {
    title: release.title,
    type: release.platformType,
    upc: platformUpcOf(release),
    release_date: release.releaseDate ?? null,
    genre: release.genre ?? 'Other',
    subgenre: release.subgenre ?? null,
    label: release.labelName ?? null,
    ...(rights?.year === undefined ? {} : { copyright_year: rights.year }),
    copyright_holder: rights?.text ?? null,
    artist: { uuid: uuid(3), name: artistName },
    tracks,
  });
};

/** Audio facts for each track, measured as long as the sample says the recording is. */
const audioFilesOf = (release: ReleaseSnapshot, sample: IngestedErnRelease): Record<string, AudioFileInfo> =>
  Object.fromEntries(
    release.tracks.map((track, index) => {
      const seconds = tracksWithIsrc(sample)[index]?.durationSeconds ?? track.duration_seconds ?? 180;
      const info: AudioFileInfo = {
        file_name: resourceFileNames.audio(release, track, 'flac'),
        md5: (index + 1).toString(16).padStart(32, '0'),
        codec: 'flac',
        sample_rate_hz: 44_100,
        bit_depth: 16,
        channels: 2,
        duration_ms: Math.round(seconds * 1000),
      };
      return [track.uuid, info];
    }),
  );

/** The build input for the platform's delivery of a release read from a message: one deal, in exactly its territories. */
export const buildInputOf = (sample: IngestedErnRelease, messageId: string): ErnBuildInput => {
  const release = snapshotOf(sample);
  const territories = offeredTerritoriesOf(sample);
  return makeInput({
    message_id: messageId,
    release,
    store: makeStore({
      territory_mode: 'include',
      territory_codes: territories,
      release_date: release.release_date,
      deals: [makeDeal({ territory_codes: territories, start_date: release.release_date })],
    }),
    audio_files: audioFilesOf(release, sample),
    artwork_file: { file_name: resourceFileNames.artwork(release), md5: 'c'.repeat(32), width: 3000, height: 3000 },
  });
};

/** One compiled validator per version, made on first use; dispose them in afterAll. */
export class ValidatorsByVersion {
  readonly #validators = new Map<ErnVersion, ErnValidator>();

  for(version: ErnVersion): ErnValidator {
    const known = this.#validators.get(version);
    if (known) return known;
    const created = createErnValidator(version);
    this.#validators.set(version, created);
    return created;
  }

  dispose(): void {
    for (const version of ERN_VERSIONS) this.#validators.get(version)?.dispose();
    this.#validators.clear();
  }
}
