import { readFileSync } from 'node:fs';
import {
  ARTIST_ROLES,
  AUDIO_CODEC_TYPES,
  COMMERCIAL_MODEL_TYPES,
  ISO_LANGUAGE_CODES,
  MUSICAL_WORK_CONTRIBUTOR_ROLES,
  RESOURCE_CONTRIBUTOR_ROLES,
  USE_TYPES,
} from '../src/ern382/allowed-values.ts';
import { buildErn382 } from '../src/ern382/build-message.ts';
import { createErnValidator, type ErnValidator } from '../src/validate/ern-validator.ts';
import { makeDeal, makeInput, makeRelease, makeStore, makeTrack, PLATFORM, UPC } from './support/release-factory.ts';
import { count, text, texts } from './support/xml-query.ts';

let validator: ErnValidator | undefined;
afterAll(() => validator?.dispose());

const expectValid = (xml: string): void => {
  validator ??= createErnValidator('3.8.2');
  expect(validator.validate(xml).errors).toEqual([]);
};

const NAMESPACE = `DPID:${PLATFORM.party_id}`;
const MAIN = '//Release[@IsMainRelease="true"]';
const recording = (reference: string) => `//SoundRecording[ResourceReference="${reference}"]/SoundRecordingDetailsByTerritory`;

describe('the ERN 3.8.2 AVS as the builder knows it', () => {
  const avs = readFileSync(new URL('../schemas/ern382/avs_20161006.xsd', import.meta.url), 'utf8');
  const enumeration = (typeName: string): string[] => {
    const start = avs.indexOf(`<xs:simpleType name="${typeName}">`);
    if (start === -1) throw new Error(`No ${typeName} in the AVS`);
    const body = avs.slice(start, avs.indexOf('</xs:simpleType>', start));
    return [...body.matchAll(/<xs:enumeration value="([^"]+)"/g)].map((match) => match[1] ?? '');
  };

  it.each([
    ['ArtistRole', ARTIST_ROLES],
    ['ResourceContributorRole', RESOURCE_CONTRIBUTOR_ROLES],
    ['UseType', USE_TYPES],
    ['CommercialModelType', COMMERCIAL_MODEL_TYPES],
    ['AudioCodecType', AUDIO_CODEC_TYPES],
    ['IsoLanguageCode', ISO_LANGUAGE_CODES],
  ])('matches avs:%s exactly', (typeName, values) => {
    expect([...values]).toEqual(enumeration(typeName));
  });

  it('has avs:MusicalWorkContributorRole as the union of the creative and business roles', () => {
    expect(avs).toContain('<xs:union memberTypes="avs:CreativeContributorRole avs:BusinessContributorRole"/>');
    expect([...MUSICAL_WORK_CONTRIBUTOR_ROLES]).toEqual([...enumeration('CreativeContributorRole'), ...enumeration('BusinessContributorRole')]);
  });
});

describe('buildErn382: the message', () => {
  it('declares the 3.8.2 namespace, MessageSchemaVersionId, the release profile and the language', () => {
    const xml = buildErn382(makeInput({ release: makeRelease(1) }));
    expectValid(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/382"')).toBe(true);
    expect(xml).toContain('MessageSchemaVersionId="ern/382" ReleaseProfileVersionId="CommonReleaseTypes/14/AudioSingle" LanguageAndScriptCode="en">');
    expect(buildErn382(makeInput({ release: makeRelease(8) }))).toContain('ReleaseProfileVersionId="CommonReleaseTypes/14/AudioAlbum"');
  });

  it.each([
    ['new', 'OriginalMessage'],
    ['update', 'UpdateMessage'],
    ['takedown', 'UpdateMessage'],
  ] as const)('marks a %s delivery as an %s', (kind, indicator) => {
    expect(text(buildErn382(makeInput({ kind })), '/*/UpdateIndicator')).toBe(indicator);
  });

  it('has no PartyList: artists, contributors and the label are named where they are credited', () => {
    const release = makeRelease(1, { localizations: [{ locale: 'ja', title: '最初の光', title_version: null, label: 'ノヴァ・レコード' }] });
    const xml = buildErn382(makeInput({ release }));
    expectValid(xml);
    expect(count(xml, '//PartyList')).toBe(0);
    expect(text(xml, `${recording('A1')}/DisplayArtist/PartyName/FullName`)).toBe('Nova');
    expect(texts(xml, `${MAIN}/ReleaseDetailsByTerritory/LabelName`)).toEqual(['Nova Records', 'ノヴァ・レコード']);
    expect(text(xml, `${MAIN}/ReleaseDetailsByTerritory/LabelName[@LanguageAndScriptCode="ja"]`)).toBe('ノヴァ・レコード');
    expect(text(xml, `${MAIN}/ReleaseDetailsByTerritory/Title[@LanguageAndScriptCode="ja"]/TitleText`)).toBe('最初の光');
  });
});

describe('buildErn382: resources', () => {
  it('splits credits between the recording (ResourceContributor) and the work (IndirectResourceContributor)', () => {
    const track = makeTrack(1, {
      additional_artists: [{ name: 'Guest Star', role: 'featuring' }, { name: 'DJ Turn', role: 'Remixer' }],
      contributors: [
        { name: 'Ada Writer', role: 'Producer' },
        { name: 'Ada Writer', role: 'Composer' },
        { name: 'Mo Mixer', role: 'Mixing Engineer' },
        { name: 'Bo Player', role: 'Kazoo wrangler' },
      ],
      credits: [{ name: 'Cy Lyric', role: 'Lyrics' }],
    });
    const xml = buildErn382(makeInput({ release: makeRelease(1, { tracks: [track] }) }));
    expectValid(xml);
    const details = recording('A1');
    const contributor = (element: string, name: string) => `${details}/${element}[PartyName/FullName="${name}"]/${element}Role`;
    expect(texts(xml, `${details}/DisplayArtist/ArtistRole`)).toEqual(['MainArtist', 'FeaturedArtist', 'Artist', 'UserDefined']);
    expect(text(xml, `${details}/DisplayArtist[PartyName/FullName="DJ Turn"]/ArtistRole[2]/@UserDefinedValue`)).toBe('Remixer');
    expect(text(xml, `${details}/DisplayArtistName`)).toBe('Nova feat. Guest Star');
    expect(texts(xml, `${details}/ResourceContributor/PartyName/FullName`)).toEqual(['Ada Writer', 'Mo Mixer', 'Bo Player']);
    expect(text(xml, contributor('ResourceContributor', 'Ada Writer'))).toBe('Producer');
    expect(text(xml, contributor('ResourceContributor', 'Mo Mixer'))).toBe('UserDefined');
    expect(text(xml, `${contributor('ResourceContributor', 'Mo Mixer')}/@UserDefinedValue`)).toBe('MixingEngineer');
    expect(text(xml, `${contributor('ResourceContributor', 'Mo Mixer')}/@Namespace`)).toBe(NAMESPACE);
    expect(text(xml, `${contributor('ResourceContributor', 'Bo Player')}/@UserDefinedValue`)).toBe('Kazoo wrangler');
    expect(texts(xml, `${details}/IndirectResourceContributor/PartyName/FullName`)).toEqual(['Ada Writer', 'Cy Lyric']);
    expect(text(xml, contributor('IndirectResourceContributor', 'Ada Writer'))).toBe('Composer');
    expect(text(xml, contributor('IndirectResourceContributor', 'Cy Lyric'))).toBe('Lyricist');
  });

  it('describes each recording: reference title with version, duration, P line, genre, warning, technical details', () => {
    const release = makeRelease(2, {
      tracks: [makeTrack(1, { explicit: true, title_version: 'Live', copyright_year: 2019, copyright_holder: 'Old Masters' }), makeTrack(2, { instrumental: true })],
    });
    const input = makeInput({ release });
    const first = release.tracks[0]?.uuid ?? '';
    input.audio_files[first] = { ...input.audio_files[first]!, codec: 'wav', sample_rate_hz: 48_000, bit_depth: 24, channels: 1, duration_ms: 3_723_400 };
    const xml = buildErn382(input);
    expectValid(xml);
    const a1 = '//SoundRecording[ResourceReference="A1"]';
    expect(text(xml, `${a1}/SoundRecordingId/ISRC`)).toBe('GBX125000001');
    expect(text(xml, `${a1}/ReferenceTitle/TitleText`)).toBe('Song 1');
    expect(text(xml, `${a1}/ReferenceTitle/SubTitle`)).toBe('Live');
    expect(text(xml, `${a1}/Duration`)).toBe('PT1H2M3.4S');
    expect(text(xml, `${a1}/LanguageOfPerformance`)).toBe('en');
    const details = recording('A1');
    expect(texts(xml, `${details}/Title/@TitleType`)).toEqual(['FormalTitle', 'DisplayTitle']);
    expect(text(xml, `${details}/Title[@TitleType="DisplayTitle"]/SubTitle[@SubTitleType="Version"]`)).toBe('Live');
    expect(text(xml, `${details}/TerritoryCode`)).toBe('Worldwide');
    expect(text(xml, `${details}/PLine/PLineText`)).toBe('2019 Old Masters');
    expect(text(xml, `${details}/Genre/SubGenre`)).toBe('House');
    expect(text(xml, `${details}/ParentalWarningType`)).toBe('Explicit');
    const technical = `${details}/TechnicalSoundRecordingDetails`;
    expect(text(xml, `${technical}/TechnicalResourceDetailsReference`)).toBe('T1');
    expect(text(xml, `${technical}/AudioCodecType`)).toBe('PCM');
    expect(text(xml, `${technical}/SamplingRate`)).toBe('48');
    expect(text(xml, `${technical}/BitsPerSample`)).toBe('24');
    expect(text(xml, `${technical}/File/FileName`)).toBe(`${UPC}_01_001.flac`);
    expect(text(xml, `${technical}/File/FilePath`)).toBe('resources/');
    expect(text(xml, `${technical}/File/HashSum/HashSum`)).toBe('a'.repeat(31) + '1');
    expect(text(xml, `${technical}/File/HashSum/HashSumAlgorithmType`)).toBe('MD5');
    const a2 = '//SoundRecording[ResourceReference="A2"]';
    expect(text(xml, `${a2}/IsInstrumental`)).toBe('true');
    expect(count(xml, `${a2}/LanguageOfPerformance`)).toBe(0);
  });

  it('gives LanguageOfPerformance as a bare ISO 639 code, and leaves out what is not one', () => {
    const release = makeRelease(2, { tracks: [makeTrack(1, { language: 'pt-BR' }), makeTrack(2, { language: 'English' })] });
    const xml = buildErn382(makeInput({ release }));
    expectValid(xml);
    expect(texts(xml, '//SoundRecording/LanguageOfPerformance')).toEqual(['pt']);
  });

  it('writes the front cover as a FrontCoverImage with its file, and leaves it out when there is none', () => {
    const xml = buildErn382(makeInput({ release: makeRelease(2) }));
    expect(text(xml, '//Image/ImageType')).toBe('FrontCoverImage');
    expect(text(xml, '//Image/ImageId/ProprietaryId')).toBe(`${UPC}_FrontCoverImage`);
    expect(text(xml, '//Image/ImageId/ProprietaryId/@Namespace')).toBe(NAMESPACE);
    expect(text(xml, '//Image//TechnicalImageDetails/File/FileName')).toBe(`${UPC}.jpg`);
    expect(text(xml, '//Image//TechnicalImageDetails/ImageWidth')).toBe('3000');
    expect(texts(xml, `${MAIN}/ReleaseResourceReferenceList/ReleaseResourceReference[@ReleaseResourceType="SecondaryResource"]`)).toEqual(['A3']);
    const bare = buildErn382(makeInput({ release: makeRelease(2), artwork_file: null }));
    expectValid(bare);
    expect(count(bare, '//Image')).toBe(0);
    expect(count(bare, '//ReleaseResourceReference[@ReleaseResourceType="SecondaryResource"]')).toBe(0);
  });
});

describe('buildErn382: releases', () => {
  it('writes the main release with its ICPN, its details for Worldwide and its P and C lines', () => {
    const store = makeStore({ release_date: '2025-07-04' });
    const xml = buildErn382(makeInput({ release: makeRelease(3, { release_date: '2025-06-06' }), store }));
    expectValid(xml);
    expect(text(xml, `${MAIN}/ReleaseId/ICPN`)).toBe(UPC);
    expect(text(xml, `${MAIN}/ReleaseReference`)).toBe('R0');
    // The Audio Album profile (1.4, clause 4.4(3)) types the main release Album, EPs included.
    expect(text(xml, `${MAIN}/ReleaseType`)).toBe('Album');
    expect(text(xml, `${MAIN}/ReferenceTitle/TitleText`)).toBe('First Light');
    expect(text(xml, `${MAIN}/ReleaseDetailsByTerritory/ReleaseDate`)).toBe('2025-07-04');
    expect(text(xml, `${MAIN}/ReleaseDetailsByTerritory/DisplayArtist/ArtistRole`)).toBe('MainArtist');
    expect(text(xml, `${MAIN}/Duration`)).toBe('PT10M6.75S');
    expect(text(xml, `${MAIN}/PLine/PLineText`)).toBe('2025 Nova Records Ltd');
    expect(text(xml, `${MAIN}/CLine/CLineText`)).toBe('2025 Nova Records Ltd');
  });

  it('groups a multi-disc album one sub-group per disc, the cover after them', () => {
    const tracks = [makeTrack(2, { disc_number: 2, isrc: 'GBX125000004' }), makeTrack(1), makeTrack(1, { disc_number: 2, isrc: 'GBX125000003' }), makeTrack(2)];
    const xml = buildErn382(makeInput({ release: makeRelease(4, { tracks }) }));
    expectValid(xml);
    const group = `${MAIN}/ReleaseDetailsByTerritory/ResourceGroup`;
    expect(texts(xml, `${group}/ResourceGroup/SequenceNumber`)).toEqual(['1', '2']);
    expect(texts(xml, `${group}/ResourceGroup[2]/ResourceGroupContentItem/ReleaseResourceReference`)).toEqual(['A3', 'A4']);
    expect(texts(xml, `//SoundRecording[ResourceReference="A3"]/SoundRecordingId/ISRC`)).toEqual(['GBX125000003']);
    expect(text(xml, `${group}/ResourceGroupContentItem/ResourceType`)).toBe('Image');
  });

  it('offers each track as a TrackRelease with the track’s ISRC, title and artists', () => {
    const xml = buildErn382(makeInput({ release: makeRelease(2) }));
    const track = '//Release[ReleaseType="TrackRelease"]';
    expect(texts(xml, `${track}/ReleaseReference`)).toEqual(['R1', 'R2']);
    expect(texts(xml, `${track}/ReleaseId/ISRC`)).toEqual(['GBX125000001', 'GBX125000002']);
    expect(texts(xml, `${track}/ReleaseId/ProprietaryId`)).toEqual([`${UPC}_GBX125000001`, `${UPC}_GBX125000002`]);
    expect(texts(xml, `${track}/ReleaseId/ProprietaryId/@Namespace`)).toEqual([NAMESPACE, NAMESPACE]);
    expect(texts(xml, `${track}/ReferenceTitle/TitleText`)).toEqual(['Song 1', 'Song 2']);
    expect(texts(xml, `${track}/ReleaseResourceReferenceList/ReleaseResourceReference[@ReleaseResourceType="PrimaryResource"]`)).toEqual(['A1', 'A2']);
    expect(count(xml, '//Release[@IsMainRelease]')).toBe(1);
  });
});

describe('buildErn382: deals', () => {
  it('states model, usage, territories, price and start in 3.8.2’s order, the price on the main release only', () => {
    const store = makeStore({
      deals: [
        makeDeal({ territory_codes: ['Worldwide'], excluded_territory_codes: ['US'] }),
        makeDeal({ commercial_model_type: 'PayAsYouGoModel', use_types: ['PermanentDownload', 'Dub'], territory_codes: ['DE', 'AT'], price_type: 'FRONT' }),
      ],
    });
    const xml = buildErn382(makeInput({ release: makeRelease(2), store }));
    expectValid(xml);
    const main = '//ReleaseDeal[DealReleaseReference="R0"]';
    /** The path to the last of these DealTerms children, each one following the one before. */
    const inOrder = (deal: number, names: string[]) => `${main}/Deal[${deal}]/DealTerms/${names.join('/following-sibling::')}`;
    expect(count(xml, inOrder(1, ['CommercialModelType', 'Usage', 'ExcludedTerritoryCode', 'ValidityPeriod']))).toBe(1);
    expect(count(xml, inOrder(2, ['CommercialModelType', 'Usage', 'TerritoryCode[2]', 'PriceInformation', 'ValidityPeriod']))).toBe(1);
    expect(text(xml, `${main}/Deal[1]/DealTerms/ExcludedTerritoryCode`)).toBe('US');
    expect(texts(xml, `${main}/Deal[1]/DealTerms/Usage/UseType`)).toEqual(['OnDemandStream', 'NonInteractiveStream']);
    expect(texts(xml, `${main}/Deal[2]/DealTerms/TerritoryCode`)).toEqual(['DE', 'AT']);
    expect(text(xml, `${main}/Deal[2]/DealTerms/PriceInformation/PriceType`)).toBe('FRONT');
    expect(text(xml, `${main}/Deal[2]/DealTerms/PriceInformation/PriceType/@Namespace`)).toBe(NAMESPACE);
    expect(text(xml, `${main}/Deal[2]/DealTerms/Usage/UseType[2]/@UserDefinedValue`)).toBe('Dub');
    expect(texts(xml, '//ReleaseDeal[2]/DealReleaseReference')).toEqual(['R1', 'R2']);
    expect(count(xml, '//ReleaseDeal[2]//PriceInformation')).toBe(0);
  });

  it('takes a release down with a TakeDown deal for every release of the message, Worldwide, from the day of the message', () => {
    const input = makeInput({ release: makeRelease(2), kind: 'takedown', created_at: '2025-09-01T08:30:00.000Z' });
    delete input.audio_files[input.release.tracks[1]?.uuid ?? ''];
    const xml = buildErn382(input);
    expectValid(xml);
    expect(count(xml, '//ReleaseDeal')).toBe(1);
    expect(texts(xml, '//ReleaseDeal/DealReleaseReference')).toEqual(['R0', 'R1', 'R2']);
    expect(count(xml, '//Deal')).toBe(1);
    expect(text(xml, '//DealTerms/TakeDown')).toBe('true');
    expect(text(xml, '//DealTerms/TerritoryCode')).toBe('Worldwide');
    expect(text(xml, '//DealTerms/ValidityPeriod/StartDate')).toBe('2025-09-01');
    expect(count(xml, '//Usage')).toBe(0);
    expect(count(xml, '//SoundRecording[ResourceReference="A2"]//TechnicalSoundRecordingDetails')).toBe(0);
  });
});

describe('buildErn382: determinism and escaping', () => {
  it('changes only the MessageId line when only the message id changes', () => {
    const release = makeRelease(10);
    const first = buildErn382(makeInput({ release, message_id: 'MSG-A' })).split('\n');
    const second = buildErn382(makeInput({ release, message_id: 'MSG-B' })).split('\n');
    expect(second).toHaveLength(first.length);
    const differing = first.flatMap((line, index) => (line === second[index] ? [] : [[line.trim(), second[index]?.trim()]]));
    expect(differing).toEqual([['<MessageId>MSG-A</MessageId>', '<MessageId>MSG-B</MessageId>']]);
  });

  it('escapes markup and drops control characters', () => {
    const hostile = 'Tom & "Jerry" <b>\u0007';
    const track = makeTrack(1, { title: hostile, contributors: [{ name: "O'Brien & <Sons>", role: 'Composer' }] });
    const xml = buildErn382(makeInput({ release: makeRelease(1, { title: hostile, tracks: [track] }) }));
    expectValid(xml);
    expect(text(xml, `${MAIN}/ReferenceTitle/TitleText`)).toBe('Tom & "Jerry" <b>');
    expect(text(xml, '//IndirectResourceContributor/PartyName/FullName')).toBe("O'Brien & <Sons>");
  });
});
