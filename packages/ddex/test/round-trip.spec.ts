import { upcOfIcpn, type ReleaseSnapshot, type TrackSnapshot } from '@sv/contracts';
import { buildErn } from '../src/build-ern.ts';
import type { ErnBuildInput } from '../src/ern/build-input.ts';
import { resourceFileNames, type AudioFileInfo } from '../src/index.ts';
import { ERN_VERSIONS, type ErnVersion } from '../src/ern-version.ts';
import { disposeCachedErnValidators, readErnMessage, type IngestedErnRelease } from '../src/read/index.ts';
import { allSamples } from './support/ern-samples.ts';
import { makeDeal, makeInput, makeRelease, makeStore, makeTrack, uuid } from './support/release-factory.ts';
import {
  buildInputOf,
  mainArtistOf,
  offeredTerritoriesOf,
  platformUpcOf,
  trackArtistOf,
  tracksWithIsrc,
  ValidatorsByVersion,
} from './support/round-trip.ts';

/*
 * Releases read from ERN messages, built again by the platform in every version, and read back:
 * what the platform builds must validate and state the same catalogue data it was built from.
 */

const validators = new ValidatorsByVersion();
afterAll(() => {
  validators.dispose();
  disposeCachedErnValidators();
});

const readRelease = (xml: string): IngestedErnRelease => {
  const result = readErnMessage(xml);
  if (!result.ok) throw new Error(`Expected the message to read, got ${JSON.stringify(result.errors)}`);
  const [release] = result.message.releases;
  if (release === undefined) throw new Error('Expected a main release');
  return release;
};

/** Builds the input in one version, checks it against that version's schema, and reads it back. */
const roundTrip = (version: ErnVersion, input: ErnBuildInput): IngestedErnRelease => {
  const xml = buildErn(version, input);
  expect(validators.for(version).validate(xml).errors).toEqual([]);
  return readRelease(xml);
};

const sorted = (values: Iterable<string>): string[] => [...values].sort();

describe('Every shared sample that reads as a release round-trips', () => {
  const samples = allSamples().map((sample) => ({ ...sample, result: readErnMessage(sample.xml) }));
  /** A release to deliver: read, not a takedown, with a track to build. */
  const releaseOf = (result: (typeof samples)[number]['result']): IngestedErnRelease | undefined => {
    if (!result.ok || result.message.kind === 'takedown') return undefined;
    const release = result.message.releases[0];
    return release !== undefined && tracksWithIsrc(release).length > 0 ? release : undefined;
  };
  const included = samples.flatMap((sample) => {
    const release = releaseOf(sample.result);
    return release === undefined ? [] : [{ ...sample, release }];
  });

  it('leaves out only the samples that are no audio release: video-only messages and a purge', () => {
    const excluded = samples.filter((sample) => releaseOf(sample.result) === undefined);
    expect(included.length).toBeGreaterThanOrEqual(12);
    for (const sample of excluded) {
      const { result } = sample;
      if (result.ok) expect(result.message).toMatchObject({ kind: 'takedown', releases: [{ tracks: [] }] });
      else expect(result.errors.map((error) => error.message)).toEqual(['the message carries no sound recording']);
    }
  });

  it.each(included.flatMap((sample) => ERN_VERSIONS.map((version) => [sample.version, sample.name, version, sample.release] as const)))(
    'ERN %s sample %s, built as ERN %s, reads back as the same release',
    (sampleVersion, name, version, sample) => {
      const input = buildInputOf(sample, `RT-${sampleVersion}-${name}`);
      const back = roundTrip(version, input);
      const tracks = tracksWithIsrc(sample);
      const releaseArtist = mainArtistOf(sample.displayArtists, sample.displayArtistName) ?? '';

      // Not compared: P and C lines and contributors, which the catalogue keeps in its own shape (a line's whole text as holder, credits by role).
      // An ICPN of 14 digits with a leading zero is kept as its EAN-13, and sent as that.
      expect(back.upc).toBe(platformUpcOf(sample));
      if (sample.upc !== undefined) expect(upcOfIcpn(back.upc ?? '')).toBe(upcOfIcpn(sample.upc));
      expect(new Set(back.tracks.map((track) => track.isrc))).toEqual(new Set(tracks.map((track) => track.isrc)));
      expect(back.title).toBe(sample.title);
      expect(back.platformType).toBe(sample.platformType);
      expect(back.tracks.map((track) => track.title)).toEqual(tracks.map((track) => track.title));
      expect(back.tracks.map((track) => track.subtitle)).toEqual(tracks.map((track) => track.subtitle));
      expect(back.tracks.map((track) => track.durationSeconds)).toEqual(tracks.map((track) => track.durationSeconds));
      expect(mainArtistOf(back.displayArtists, back.displayArtistName)).toBe(releaseArtist);
      expect(back.displayArtistName).toBe(releaseArtist);
      expect(back.tracks.map((track) => mainArtistOf(track.displayArtists))).toEqual(tracks.map((track) => trackArtistOf(track, releaseArtist)));
      expect(sorted(back.territories)).toEqual(sorted(offeredTerritoriesOf(sample)));
      expect(back.labelName).toBe(sample.labelName);
      expect(back.genre).toBe(sample.genre);
      expect(back.releaseDate).toBe(sample.releaseDate);
    },
  );
});

describe('A release built by the platform parses back to the same catalogue data', () => {
  const FIRST_DISC = 3;
  const tracks: TrackSnapshot[] = [
    ...Array.from({ length: FIRST_DISC }, (_, index) =>
      makeTrack(index + 1, {
        isrc: `GBX1260${String(index + 1).padStart(5, '0')}`,
        // The works of the first disc's first two recordings are known.
        iswc: index < 2 ? ['T0345246801', 'T1234567894'][index] : null,
        title: `Northern Lines ${index + 1}`,
        explicit: index !== 1,
        duration_seconds: 181 + 37 * index,
        additional_artists: index === 0 ? [{ name: 'Guest Star', role: 'featuring' }] : [],
        ...(index === 1 ? { copyright_year: 2023, copyright_holder: 'Old Masters Ltd' } : {}),
      }),
    ),
    makeTrack(1, {
      disc_number: 2,
      isrc: 'GBX126100001',
      title: 'Southern Lines',
      explicit: false,
      duration_seconds: 305,
      artist_name: 'Ada Lumen',
      additional_artists: [{ name: 'Second Guest', role: 'Featured Artist' }],
    }),
    makeTrack(2, { disc_number: 2, isrc: 'GBX126100002', title: 'Eastern Lines', explicit: true, duration_seconds: 242 }),
  ];
  const release: ReleaseSnapshot = makeRelease(tracks.length, {
    title: 'Night Cartography',
    type: 'album',
    upc: '5012345678900',
    release_date: '2026-03-13',
    genre: 'Electronic',
    subgenre: 'Ambient',
    label: 'Lumen Works',
    copyright_year: 2026,
    copyright_holder: 'Lumen Works Ltd',
    artist: { uuid: uuid(3), name: 'Nova Lumen' },
    tracks,
  });
  const territories = ['GB', 'IE', 'FR', 'DE', 'JP'];
  const audio_files = Object.fromEntries(
    release.tracks.map((track, index): [string, AudioFileInfo] => [
      track.uuid,
      {
        file_name: resourceFileNames.audio(release, track, 'flac'),
        md5: (index + 1).toString(16).padStart(32, 'a'),
        codec: 'flac',
        sample_rate_hz: 48_000,
        bit_depth: 24,
        channels: 2,
        duration_ms: (track.duration_seconds ?? 0) * 1000,
      },
    ]),
  );
  const input = makeInput({
    release,
    audio_files,
    store: makeStore({
      territory_mode: 'include',
      territory_codes: territories,
      release_date: release.release_date,
      deals: [
        makeDeal({ territory_codes: territories, start_date: null }),
        makeDeal({ commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload'], territory_codes: territories, start_date: null, price_type: 'FRONT' }),
      ],
    }),
  });
  const releaseArtist = release.artist?.name ?? '';
  /** ERN wants the year in a ℗ or © line's text as well: `2026 Holder`. */
  const rightsLine = (year: number, holder: string) => ({ year, text: `${year} ${holder}` });
  const inOrder = [...release.tracks].sort((a, b) => a.disc_number - b.disc_number || a.position - b.position);

  it.each(ERN_VERSIONS)('ERN %s', (version) => {
    const back = roundTrip(version, input);

    expect(back.title).toBe(release.title);
    expect(back.upc).toBe(release.upc);
    expect(back.platformType).toBe(release.type);
    expect(back.releaseDate).toBe(release.release_date);
    expect(back.genre).toBe(release.genre);
    expect(back.subgenre).toBe(release.subgenre);
    expect(back.labelName).toBe(release.label);
    expect(back.pLine).toEqual(rightsLine(release.copyright_year, release.copyright_holder ?? ''));
    expect(back.cLine).toEqual(rightsLine(release.copyright_year, release.copyright_holder ?? ''));
    expect(back.displayArtistName).toBe(releaseArtist);
    expect(back.displayArtists).toEqual([{ name: releaseArtist, role: 'MainArtist' }]);
    expect(sorted(back.territories)).toEqual(sorted(territories));
    expect(back.tracks.map((track) => track.discNumber)).toEqual(inOrder.map((track) => track.disc_number));

    expect(
      back.tracks.map(({ isrc, iswc, title, sequenceNumber, discNumber, explicit, durationSeconds, pLine, displayArtists }) => ({
        isrc,
        iswc,
        title,
        sequenceNumber,
        discNumber,
        explicit,
        durationSeconds,
        pLine,
        displayArtists,
      })),
    ).toEqual(
      inOrder.map((track) => ({
        isrc: track.isrc,
        iswc: track.iswc ?? undefined,
        title: track.title,
        sequenceNumber: track.position,
        discNumber: track.disc_number,
        explicit: track.explicit,
        durationSeconds: track.duration_seconds,
        pLine: rightsLine(track.copyright_year ?? release.copyright_year, track.copyright_holder ?? release.copyright_holder ?? ''),
        displayArtists: [
          { name: track.artist_name ?? releaseArtist, role: 'MainArtist' },
          ...track.additional_artists.map((artist) => ({ name: artist.name, role: 'FeaturedArtist' })),
        ],
      })),
    );
  });
});
