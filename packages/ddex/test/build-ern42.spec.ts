import { readFileSync } from 'node:fs';
import { buildErn43 } from '../src/ern43/build-message.ts';
import {
  AUDIO_CODEC_TYPES_NOT_IN_ERN42,
  CONTRIBUTOR_ROLES_NOT_IN_ERN42,
  DISPLAY_ARTIST_ROLES_NOT_IN_ERN42,
  USE_TYPES_NOT_IN_ERN42,
} from '../src/ern42/allowed-values.ts';
import { buildErn42 } from '../src/ern42/build-message.ts';
import { createErnValidator, type ErnValidator } from '../src/validate/ern-validator.ts';
import { makeDeal, makeInput, makeRelease, makeStore, makeTrack, PLATFORM, UPC } from './support/release-factory.ts';
import { count, text, texts } from './support/xml-query.ts';

let validator: ErnValidator | undefined;
afterAll(() => validator?.dispose());

const expectValid = (xml: string): void => {
  validator ??= createErnValidator('4.2');
  expect(validator.validate(xml).errors).toEqual([]);
};

/** The enumeration of one simple type of an AVS schema file. */
const enumeration = (avs: string, typeName: string): string[] => {
  const start = avs.indexOf(`<xs:simpleType name="${typeName}">`);
  if (start === -1) throw new Error(`No ${typeName} in the AVS`);
  const body = avs.slice(start, avs.indexOf('</xs:simpleType>', start));
  return [...body.matchAll(/<xs:enumeration value="([^"]+)"/g)].map((match) => match[1] ?? '');
};

describe('the ERN 4.2 AVS as the builder knows it', () => {
  const avs43 = readFileSync(new URL('../schemas/ern43/allowed-value-sets.xsd', import.meta.url), 'utf8');
  const avs42 = readFileSync(new URL('../schemas/ern42/avs20200518.xsd', import.meta.url), 'utf8');
  /** 4.3's values that 4.2 does not allow. */
  const lacking = (typeName: string): string[] => {
    const allowed = new Set(enumeration(avs42, typeName));
    return enumeration(avs43, typeName).filter((value) => !allowed.has(value));
  };

  it.each([
    ['ContributorRole', CONTRIBUTOR_ROLES_NOT_IN_ERN42],
    ['UseType_ERN', USE_TYPES_NOT_IN_ERN42],
    ['AudioCodecType', AUDIO_CODEC_TYPES_NOT_IN_ERN42],
    ['DisplayArtistRole', DISPLAY_ARTIST_ROLES_NOT_IN_ERN42],
    ['CommercialModelType_ERN', []],
    ['VersionType', []],
  ])('lists exactly the avs:%s values 4.2 lacks', (typeName, values) => {
    expect(lacking(typeName)).toEqual([...values]);
  });
});

describe('buildErn42: the message', () => {
  it('declares the 4.2 namespace, the release profile and the language, and no AvsVersionId', () => {
    const xml = buildErn42(makeInput({ release: makeRelease(1) }));
    expectValid(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/42"')).toBe(true);
    expect(xml).toContain('xsi:schemaLocation="http://ddex.net/xml/ern/42 http://ddex.net/xml/ern/42/release-notification.xsd"');
    expect(xml).toContain('ReleaseProfileVersionId="SimpleAudioSingle" LanguageAndScriptCode="en">');
    expect(xml).not.toContain('AvsVersionId');
    expect(buildErn42(makeInput({ release: makeRelease(4) }))).toContain('ReleaseProfileVersionId="Audio"');
  });

  it('writes each recording in 4.2’s shape: ISRC as its own ResourceId, PLine after the credits, technical details last', () => {
    const xml = buildErn42(makeInput({ release: makeRelease(2) }));
    expectValid(xml);
    expect(count(xml, '//SoundRecordingEdition')).toBe(0);
    expect(count(xml, '//DeliveryFile')).toBe(0);
    expect(texts(xml, '//SoundRecording/ResourceId/ISRC')).toEqual(['GBX125000001', 'GBX125000002']);
    const a1 = '//SoundRecording[ResourceReference="A1"]';
    expect(text(xml, `${a1}/PLine/PLineText`)).toBe('2025 Nova Records Ltd');
    expect(count(xml, `${a1}/Contributor/following-sibling::PLine`)).toBe(1);
    expect(text(xml, `${a1}/*[last()]/TechnicalResourceDetailsReference`)).toBe('T1');
    expect(text(xml, `${a1}/TechnicalDetails/AudioCodecType`)).toBe('FLAC');
    expect(text(xml, `${a1}/TechnicalDetails/SamplingRate`)).toBe('44.1');
    expect(text(xml, `${a1}/TechnicalDetails/File/URI`)).toBe(`resources/${UPC}_01_001.flac`);
    expect(text(xml, `${a1}/TechnicalDetails/File/HashSum/HashSumValue`)).toBe('a'.repeat(31) + '1');
  });

  it('shares 4.3’s header, parties, releases and deals line for line', () => {
    const input = makeInput({ release: makeRelease(3) });
    const section = (xml: string, name: string) => xml.slice(xml.indexOf(`<${name}>`), xml.indexOf(`</${name}>`));
    const ern42 = buildErn42(input);
    const ern43 = buildErn43(input);
    for (const name of ['MessageHeader', 'PartyList', 'ReleaseList', 'DealList']) expect(section(ern42, name)).toBe(section(ern43, name));
  });

  it('restates 4.3-only values for 4.2: a Composer display role, a Presenter credit, a newer use type and codec', () => {
    const track = makeTrack(1, {
      additional_artists: [{ name: 'Wendy Writer', role: 'Composer' }],
      contributors: [{ name: 'Pat Host', role: 'Presenter' }, { name: 'Ada Writer', role: 'Composer' }],
    });
    const store = makeStore({ deals: [makeDeal({ use_types: ['OnDemandStream', 'DubForOnDemandStreaming'] })] });
    const input = makeInput({ release: makeRelease(1, { tracks: [track] }), store });
    input.audio_files[track.uuid] = { ...input.audio_files[track.uuid]!, codec: 'DolbyDigitalPlus' };
    const xml = buildErn42(input);
    expectValid(xml);
    const party = (name: string) => text(xml, `//Party[PartyName/FullName="${name}"]/PartyReference`);
    const wendy = `//SoundRecording/DisplayArtist[ArtistPartyReference="${party('Wendy Writer')}"]`;
    expect(text(xml, `${wendy}/DisplayArtistRole`)).toBe('Artist');
    expect(text(xml, `${wendy}/ArtisticRole`)).toBe('Composer');
    const pat = `//Contributor[ContributorPartyReference="${party('Pat Host')}"]/Role`;
    expect(text(xml, pat)).toBe('UserDefined');
    expect(text(xml, `${pat}/@UserDefinedValue`)).toBe('Presenter');
    expect(text(xml, `${pat}/@Namespace`)).toBe(PLATFORM.party_id);
    expect(texts(xml, '//ReleaseDeal[1]//UseType')).toEqual(['OnDemandStream', 'UserDefined']);
    expect(text(xml, '//ReleaseDeal[1]//UseType[2]/@UserDefinedValue')).toBe('DubForOnDemandStreaming');
    expect(text(xml, '//TechnicalDetails/AudioCodecType')).toBe('UserDefined');
    expect(text(xml, '//TechnicalDetails/AudioCodecType/@UserDefinedValue')).toBe('DolbyDigitalPlus');
    // 4.3 keeps its own values.
    expect(buildErn43(input)).toContain('<DisplayArtistRole>Composer</DisplayArtistRole>');
  });

  it('takes a release down with a message without deals, as 4.3 does', () => {
    const input = makeInput({ release: makeRelease(2), kind: 'takedown' });
    delete input.audio_files[input.release.tracks[1]?.uuid ?? ''];
    const xml = buildErn42(input);
    expectValid(xml);
    expect(count(xml, '//DealList')).toBe(0);
    expect(count(xml, '//SoundRecording[ResourceReference="A2"]/TechnicalDetails')).toBe(0);
    expect(text(xml, '//Release/ReleaseId/ICPN')).toBe(UPC);
  });

  it('escapes markup and drops control characters', () => {
    const hostile = 'Tom & "Jerry" <b>\u0007';
    const xml = buildErn42(makeInput({ release: makeRelease(1, { title: hostile, tracks: [makeTrack(1, { title: hostile })] }) }));
    expectValid(xml);
    expect(text(xml, '//Release/DisplayTitleText')).toBe('Tom & "Jerry" <b>');
    expect(text(xml, '//SoundRecording/DisplayTitle/TitleText')).toBe('Tom & "Jerry" <b>');
  });
});
