import type { TrackSnapshot } from '@sv/contracts';
import { XMLParser } from 'fast-xml-parser';
import { buildErn } from '../src/build-ern.ts';
import { ErnBuildError, type ErnBuildInput } from '../src/ern/build-input.ts';
import { buildErn43 } from '../src/ern43/build-message.ts';
import { buildErn42 } from '../src/ern42/build-message.ts';
import { buildErn382 } from '../src/ern382/build-message.ts';
import { ERN_VERSIONS, type ErnVersion } from '../src/ern-version.ts';
import { createErnValidator, type ErnValidator } from '../src/validate/ern-validator.ts';
import { makeDeal, makeInput, makeRelease, makeStore, makeTrack, UPC } from './support/release-factory.ts';

/*
 * Every version's message for the same input, read back with a plain XML parser into the same
 * neutral facts: each version must be schema-valid, deterministic, and state what the input
 * says (and so what the 4.3 message says).
 */

const validators = new Map<ErnVersion, ErnValidator>();
const validatorFor = (version: ErnVersion): ErnValidator => {
  const known = validators.get(version);
  if (known) return known;
  const created = createErnValidator(version);
  validators.set(version, created);
  return created;
};
afterAll(() => {
  for (const validator of validators.values()) validator.dispose();
  validators.clear();
});

// Reading messages back

type Parsed = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // Every element as a list, so a path reads the same for one element or several.
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const step = (nodes: unknown[], name: string): unknown[] =>
  nodes.flatMap((node) => (typeof node === 'object' && node !== null ? asList((node as Parsed)[name]) : []));
/** The nodes at a `/`-separated path of element names (`@Name` for an attribute) below a node or list of nodes. */
const at = (nodes: unknown, path: string): unknown[] => path.split('/').reduce(step, asList(nodes));
const textOf = (node: unknown): string => (typeof node === 'string' ? node : String((node as Parsed)['#text'] ?? ''));
const texts = (node: unknown, path: string): string[] => at(node, path).map(textOf);
const first = (node: unknown, path: string): string | null => texts(node, path)[0] ?? null;
const where = (nodes: unknown[], path: string, value: string | undefined): unknown[] =>
  nodes.filter((node) => (value === undefined ? at(node, path).length === 0 : texts(node, path).includes(value)));

interface RecordingFacts {
  isrc: string | null;
  /** The ISWC of the recording's musical work. */
  iswc: string | null;
  title: string | null;
  version: string | null;
  display_artist: string | null;
  artists: (string | null)[];
  parental_warning: string | null;
  file: string | null;
  md5: string | null;
}

interface DealFacts {
  territories: string[];
  excluded: string[];
  commercial_model: string | null;
  use_types: string[];
  start_date: string | null;
}

interface MessageFacts {
  thread: string | null;
  message_id: string | null;
  sender: string | null;
  recipient: string | null;
  upc: string | null;
  release_title: string | null;
  release_artist: string | null;
  label: string | null;
  genre: string | null;
  parental_warning: string | null;
  c_line: string | null;
  recordings: RecordingFacts[];
  /** ISRCs as the main release's resource group orders them, one list per disc. */
  discs: (string | null)[][];
  cover: string | null;
  track_release_isrcs: (string | null)[];
  /** The main release's deals, takedowns aside. */
  deals: DealFacts[];
  takedown: boolean;
}

const headerFacts = (message: unknown) => ({
  thread: first(message, 'MessageHeader/MessageThreadId'),
  message_id: first(message, 'MessageHeader/MessageId'),
  sender: first(message, 'MessageHeader/MessageSender/PartyId'),
  recipient: first(message, 'MessageHeader/MessageRecipient/PartyId'),
});

/** Content items per disc: nested groups when there are several discs, the top group otherwise. */
const groupedReferences = (group: unknown): string[][] => {
  const discs = at(group, 'ResourceGroup');
  const items = (node: unknown) => texts(node, 'ResourceGroupContentItem/ReleaseResourceReference');
  return discs.length > 0 ? discs.map(items) : [items(group)];
};

const ern4Facts = (message: unknown, version: '4.3' | '4.2'): MessageFacts => {
  const names = new Map(at(message, 'PartyList/Party').map((party) => [first(party, 'PartyReference'), first(party, 'PartyName/FullName')]));
  const edition = version === '4.3' ? 'SoundRecordingEdition/' : '';
  const file = version === '4.3' ? `${edition}TechnicalDetails/DeliveryFile/File` : 'TechnicalDetails/File';
  const recordings = at(message, 'ResourceList/SoundRecording');
  const isrcOf = new Map(recordings.map((recording) => [first(recording, 'ResourceReference'), first(recording, `${edition}ResourceId/ISRC`)]));
  const release = at(message, 'ReleaseList/Release')[0];
  const mainDeals = where(at(message, 'DealList/ReleaseDeal'), 'DealReleaseReference', first(release, 'ReleaseReference') ?? '');
  return {
    ...headerFacts(message),
    upc: first(release, 'ReleaseId/ICPN'),
    release_title: first(release, 'DisplayTitle/TitleText'),
    release_artist: first(release, 'DisplayArtistName'),
    label: names.get(first(release, 'ReleaseLabelReference')) ?? null,
    genre: first(release, 'Genre/GenreText'),
    parental_warning: first(release, 'ParentalWarningType'),
    c_line: first(release, 'CLine/CLineText'),
    recordings: recordings.map((recording) => ({
      isrc: first(recording, `${edition}ResourceId/ISRC`),
      iswc: first(recording, 'WorkId/ISWC'),
      title: first(recording, 'DisplayTitle/TitleText'),
      version: first(recording, 'DisplayTitle/SubTitle'),
      display_artist: first(recording, 'DisplayArtistName'),
      artists: texts(recording, 'DisplayArtist/ArtistPartyReference').map((reference) => names.get(reference) ?? null),
      parental_warning: first(recording, 'ParentalWarningType'),
      file: first(recording, `${file}/URI`),
      md5: first(recording, `${file}/HashSum/HashSumValue`),
    })),
    discs: groupedReferences(at(release, 'ResourceGroup')[0]).map((disc) => disc.map((reference) => isrcOf.get(reference) ?? null)),
    cover: first(message, 'ResourceList/Image/TechnicalDetails/File/URI'),
    // A Simple Audio Single has no TrackRelease (Release Profile 2.1, 5.1.1(b)): its release is its one track.
    track_release_isrcs: (at(message, '@ReleaseProfileVersionId')[0] === 'SimpleAudioSingle'
      ? texts(release, 'ResourceGroup/ResourceGroupContentItem/ReleaseResourceReference')
      : texts(message, 'ReleaseList/TrackRelease/ReleaseResourceReference')
    ).map((reference) => isrcOf.get(reference) ?? null),
    deals: at(mainDeals, 'Deal/DealTerms').map((terms) => ({
      territories: texts(terms, 'TerritoryCode'),
      excluded: texts(terms, 'ExcludedTerritoryCode'),
      commercial_model: first(terms, 'CommercialModelType'),
      use_types: texts(terms, 'UseType'),
      start_date: first(terms, 'ValidityPeriod/StartDate'),
    })),
    takedown: at(message, 'DealList').length === 0,
  };
};

const ern382Facts = (message: unknown): MessageFacts => {
  const recordings = at(message, 'ResourceList/SoundRecording');
  const isrcOf = new Map(recordings.map((recording) => [first(recording, 'ResourceReference'), first(recording, 'SoundRecordingId/ISRC')]));
  const releases = at(message, 'ReleaseList/Release');
  const release = where(releases, '@IsMainRelease', 'true')[0];
  const details = at(release, 'ReleaseDetailsByTerritory')[0];
  /** The display title in the message's language (localized ones carry a language). */
  const displayTitle = (node: unknown) => where(where(at(node, 'Title'), '@TitleType', 'DisplayTitle'), '@LanguageAndScriptCode', undefined)[0];
  const filePath = (node: unknown) => (at(node, 'FileName').length === 0 ? null : `${first(node, 'FilePath') ?? ''}${first(node, 'FileName')}`);
  const mainDeals = where(at(message, 'DealList/ReleaseDeal'), 'DealReleaseReference', first(release, 'ReleaseReference') ?? '');
  const terms = at(mainDeals, 'Deal/DealTerms');
  return {
    ...headerFacts(message),
    upc: first(release, 'ReleaseId/ICPN'),
    release_title: first(displayTitle(details), 'TitleText'),
    release_artist: first(details, 'DisplayArtistName'),
    label: first(details, 'LabelName'),
    genre: first(details, 'Genre/GenreText'),
    parental_warning: first(details, 'ParentalWarningType'),
    c_line: first(release, 'CLine/CLineText'),
    recordings: recordings.map((recording) => {
      const territory = at(recording, 'SoundRecordingDetailsByTerritory')[0];
      const file = at(territory, 'TechnicalSoundRecordingDetails/File')[0];
      return {
        isrc: first(recording, 'SoundRecordingId/ISRC'),
        iswc: first(recording, 'IndirectSoundRecordingId/ISWC'),
        title: first(displayTitle(territory), 'TitleText'),
        version: first(displayTitle(territory), 'SubTitle'),
        // Named only when it differs from the release's (Release Profile 1.4, clause 4.3(18)).
        display_artist: first(territory, 'DisplayArtistName') ?? first(details, 'DisplayArtistName'),
        artists: at(territory, 'DisplayArtist').map((artist) => first(artist, 'PartyName/FullName')),
        parental_warning: first(territory, 'ParentalWarningType'),
        file: filePath(file),
        md5: first(file, 'HashSum/HashSum'),
      };
    }),
    discs: groupedReferences(at(details, 'ResourceGroup')[0])
      .map((disc) => disc.filter((reference) => isrcOf.has(reference)).map((reference) => isrcOf.get(reference) ?? null))
      .filter((disc) => disc.length > 0),
    cover: filePath(at(message, 'ResourceList/Image/ImageDetailsByTerritory/TechnicalImageDetails/File')[0]),
    track_release_isrcs: texts(where(releases, 'ReleaseType', 'TrackRelease'), 'ReleaseId/ISRC'),
    deals: terms
      .filter((term) => at(term, 'TakeDown').length === 0)
      .map((term) => ({
        territories: texts(term, 'TerritoryCode'),
        excluded: texts(term, 'ExcludedTerritoryCode'),
        commercial_model: first(term, 'CommercialModelType'),
        use_types: texts(term, 'Usage/UseType'),
        start_date: first(term, 'ValidityPeriod/StartDate'),
      })),
    takedown: terms.some((term) => first(term, 'TakeDown') === 'true'),
  };
};

const readFacts = (version: ErnVersion, xml: string): MessageFacts => {
  const message = at(parser.parse(xml), 'NewReleaseMessage')[0];
  return version === '3.8.2' ? ern382Facts(message) : ern4Facts(message, version);
};

// Inputs

const byDiscAndPosition = (tracks: readonly TrackSnapshot[]): TrackSnapshot[] =>
  [...tracks].sort((a, b) => a.disc_number - b.disc_number || a.position - b.position);

const twoDiscAlbum = (): ErnBuildInput => {
  const tracks = Array.from({ length: 12 }, (_, index) =>
    makeTrack(index < 7 ? index + 1 : index - 6, {
      disc_number: index < 7 ? 1 : 2,
      isrc: `GBX12500${String(index + 1).padStart(4, '0')}`,
      title: `Album Song ${index + 1}`,
    }),
  );
  return makeInput({ release: makeRelease(12, { tracks: [...tracks.slice(7).reverse(), ...tracks.slice(0, 7).reverse()] }) });
};

const takedownWithoutSomeAudio = (): ErnBuildInput => {
  const input = makeInput({ release: makeRelease(3), kind: 'takedown' });
  delete input.audio_files[input.release.tracks[2]?.uuid ?? ''];
  return input;
};

const territorialDeals = (): ErnBuildInput =>
  makeInput({
    release: makeRelease(2),
    store: makeStore({
      territory_mode: 'exclude',
      deals: [
        makeDeal({ territory_codes: ['Worldwide'], excluded_territory_codes: ['US', 'CA'] }),
        makeDeal({ commercial_model_type: 'AdvertisementSupportedModel', territory_codes: ['DE', 'AT', 'CH'], excluded_territory_codes: ['CH'] }),
        makeDeal({ commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload'], territory_codes: ['GB', 'IE'], price_type: 'MID', start_date: '2025-07-01' }),
      ],
    }),
  });

const explicitWithCredits = (): ErnBuildInput =>
  makeInput({
    release: makeRelease(3, {
      tracks: [
        makeTrack(1, {
          explicit: true,
          title_version: 'Radio Edit',
          additional_artists: [{ name: 'Guest Star', role: 'featuring' }, { name: 'DJ Turn', role: 'Remixer' }],
          contributors: [{ name: 'Ada Writer', role: 'Producer' }, { name: 'Ada Writer', role: 'Composer' }, { name: 'Bo Player', role: 'Kazoo wrangler' }],
        }),
        makeTrack(2, { artist_name: 'Nova & Friends', credits: [{ name: 'Cy Lyric', role: 'Lyrics' }] }),
        makeTrack(3, { instrumental: true, explicit: true }),
      ],
    }),
  });

const withoutCover = (): ErnBuildInput => makeInput({ release: makeRelease(2), artwork_file: null });

const localized = (): ErnBuildInput =>
  makeInput({
    release: makeRelease(1, {
      tracks: [makeTrack(1, { title: 'Morning', localized_titles: { fr: 'Matin', 'ja-Jpan': '朝' }, language: 'pt-BR' })],
      localizations: [{ locale: 'ja', title: '最初の光', title_version: null, label: 'ノヴァ・レコード' }],
    }),
  });

// The catalogue knows the musical work of two recordings out of three.
const worksPartlyKnown = (): ErnBuildInput =>
  makeInput({ release: makeRelease(3, { tracks: [makeTrack(1, { iswc: 'T0345246801' }), makeTrack(2), makeTrack(3, { iswc: 'T1234567894' })] }) });

const SCENARIOS: [string, () => ErnBuildInput][] = [
  ['a single', () => makeInput({ release: makeRelease(1) })],
  ['a two-disc album given out of order', twoDiscAlbum],
  ['a takedown of a release whose audio is partly gone', takedownWithoutSomeAudio],
  ['deals in named, excluded and carved-out territories', territorialDeals],
  ['explicit tracks with featured artists, remixers and credits', explicitWithCredits],
  ['a release without cover art', withoutCover],
  ['localized titles and label', localized],
  ['works known for some recordings', worksPartlyKnown],
];

const OTHER_VERSIONS = ['4.2', '3.8.2'] as const;

/** The facts every version must state, read off the input alone. */
const expectInputFacts = (facts: MessageFacts, input: ErnBuildInput): void => {
  const { release } = input;
  const tracks = byDiscAndPosition(release.tracks);
  const releaseArtist = release.artist?.name ?? 'Various Artists';
  expect(facts.thread).toBe(release.upc);
  expect(facts.message_id).toBe(input.message_id);
  expect(facts.sender).toBe(input.sender.party_id);
  expect(facts.recipient).toBe(input.recipient.party_id);
  expect(facts.upc).toBe(release.upc);
  expect(facts.release_title).toBe(release.title);
  expect(facts.release_artist).toBe(releaseArtist);
  expect(facts.label).toBe(release.label);
  expect(facts.genre).toBe(release.genre);
  expect(facts.parental_warning).toBe(tracks.some((track) => track.explicit) ? 'Explicit' : 'NotExplicit');
  expect(facts.recordings.map((recording) => recording.isrc)).toEqual(tracks.map((track) => track.isrc));
  expect(facts.recordings.map((recording) => recording.iswc)).toEqual(tracks.map((track) => track.iswc ?? null));
  expect(facts.recordings.map((recording) => recording.title)).toEqual(tracks.map((track) => track.title));
  expect(facts.recordings.map((recording) => recording.version)).toEqual(tracks.map((track) => track.title_version));
  expect(facts.recordings.map((recording) => recording.artists)).toEqual(
    tracks.map((track) => [track.artist_name ?? releaseArtist, ...track.additional_artists.map((artist) => artist.name)]),
  );
  expect(facts.recordings.map((recording) => recording.parental_warning)).toEqual(
    tracks.map((track) => (track.explicit ? 'Explicit' : 'NotExplicit')),
  );
  expect(facts.recordings.map((recording) => recording.file)).toEqual(tracks.map((track) => input.audio_files[track.uuid]?.file_name ?? null));
  expect(facts.recordings.map((recording) => recording.md5)).toEqual(tracks.map((track) => input.audio_files[track.uuid]?.md5 ?? null));
  const discs = [...new Set(tracks.map((track) => track.disc_number))];
  expect(facts.discs).toEqual(discs.map((disc) => tracks.filter((track) => track.disc_number === disc).map((track) => track.isrc)));
  expect(facts.track_release_isrcs).toEqual(tracks.map((track) => track.isrc));
  expect(facts.cover).toBe(input.artwork_file?.file_name ?? null);
  expect(facts.takedown).toBe(input.kind === 'takedown');
  if (input.kind === 'takedown') {
    expect(facts.deals).toEqual([]);
  } else {
    expect(facts.deals.map((deal) => deal.commercial_model)).toEqual(input.store.deals.map((deal) => deal.commercial_model_type));
    expect(facts.deals.map((deal) => deal.use_types)).toEqual(input.store.deals.map((deal) => deal.use_types));
  }
};

describe.each(SCENARIOS)('every ERN version for %s', (_name, makeScenario) => {
  const input = makeScenario();
  const messages = new Map(ERN_VERSIONS.map((version) => [version, buildErn(version, input)]));
  const message = (version: ErnVersion): string => messages.get(version) ?? '';

  it.each(ERN_VERSIONS)('ERN %s is valid against its schema', (version) => {
    expect(validatorFor(version).validate(message(version)).errors).toEqual([]);
  });

  it.each(OTHER_VERSIONS)('ERN %s gives the same bytes for the same input, built afresh', (version) => {
    expect(buildErn(version, makeScenario())).toBe(message(version));
  });

  it.each(ERN_VERSIONS)('ERN %s states the input’s release, recordings, artists, order, files and deals', (version) => {
    expectInputFacts(readFacts(version, message(version)), input);
  });

  it.each(OTHER_VERSIONS)('ERN %s states the same facts as ERN 4.3', (version) => {
    expect(readFacts(version, message(version))).toEqual(readFacts('4.3', message('4.3')));
  });
});

describe('territories in every version', () => {
  it.each(OTHER_VERSIONS)('ERN %s lists included territories, excluded ones, and named territories minus exclusions', (version) => {
    const facts = readFacts(version, buildErn(version, territorialDeals()));
    expect(facts.deals).toEqual([
      { territories: [], excluded: ['US', 'CA'], commercial_model: 'SubscriptionModel', use_types: ['OnDemandStream', 'NonInteractiveStream'], start_date: '2025-06-06' },
      { territories: ['DE', 'AT'], excluded: [], commercial_model: 'AdvertisementSupportedModel', use_types: ['OnDemandStream', 'NonInteractiveStream'], start_date: '2025-06-06' },
      { territories: ['GB', 'IE'], excluded: [], commercial_model: 'PayAsYouGoModel', use_types: ['PermanentDownload'], start_date: '2025-07-01' },
    ]);
  });
});

describe('buildErn', () => {
  it('dispatches to the builder of each version', () => {
    const input = makeInput({ release: makeRelease(2) });
    expect(buildErn('4.3', input)).toBe(buildErn43(input));
    expect(buildErn('4.2', input)).toBe(buildErn42(input));
    expect(buildErn('3.8.2', input)).toBe(buildErn382(input));
  });

  it('writes each version’s own namespace', () => {
    const input = makeInput();
    expect(buildErn('4.3', input)).toContain('xmlns:ern="http://ddex.net/xml/ern/43"');
    expect(buildErn('4.2', input)).toContain('xmlns:ern="http://ddex.net/xml/ern/42"');
    expect(buildErn('3.8.2', input)).toContain('xmlns:ern="http://ddex.net/xml/ern/382"');
  });

  it('refuses a version it does not know', () => {
    expect(() => buildErn('3.7' as ErnVersion, makeInput())).toThrow(ErnBuildError);
  });

  it.each(ERN_VERSIONS)('ERN %s refuses the inputs 4.3 refuses: no deal, or a track without audio outside a takedown', (version) => {
    expect(() => buildErn(version, makeInput({ store: makeStore({ deals: [] }) }))).toThrow(ErnBuildError);
    const input = makeInput({ release: makeRelease(2) });
    delete input.audio_files[input.release.tracks[0]?.uuid ?? ''];
    expect(() => buildErn(version, input)).toThrow(/has no audio file/);
  });

  it('keeps the UPC that identifies the release in every version', () => {
    for (const version of ERN_VERSIONS) expect(readFacts(version, buildErn(version, makeInput())).upc).toBe(UPC);
  });
});
