import { readFileSync } from 'node:fs';
import {
  AUDIO_CODEC_TYPES,
  COMMERCIAL_MODEL_TYPES,
  CONTRIBUTOR_ROLES,
  USE_TYPES,
  VERSION_TYPES,
} from '../src/ern43/allowed-values.ts';
import {
  CONTRIBUTOR_ROLE_ALIASES,
  audioCodecType,
  commercialModelType,
  contributorRole,
  displayArtistRole,
  useType,
  versionType,
} from '../src/ern/coded-values.ts';

const AVS = readFileSync(new URL('../schemas/ern43/allowed-value-sets.xsd', import.meta.url), 'utf8');

/** The enumeration of one simple type of the AVS schema file. */
const enumeration = (typeName: string): string[] => {
  const start = AVS.indexOf(`<xs:simpleType name="${typeName}">`);
  if (start === -1) throw new Error(`No ${typeName} in the AVS`);
  const body = AVS.slice(start, AVS.indexOf('</xs:simpleType>', start));
  return [...body.matchAll(/<xs:enumeration value="([^"]+)"/g)].map((match) => match[1] ?? '');
};

describe('the allowed values copied from the AVS', () => {
  it.each([
    ['ContributorRole', CONTRIBUTOR_ROLES],
    ['UseType_ERN', USE_TYPES],
    ['CommercialModelType_ERN', COMMERCIAL_MODEL_TYPES],
    ['VersionType', VERSION_TYPES],
    ['AudioCodecType', AUDIO_CODEC_TYPES],
  ])('match avs:%s exactly', (typeName, values) => {
    expect([...values]).toEqual(enumeration(typeName));
  });

  it('alias contributor roles only onto real ContributorRole values', () => {
    const allowed = new Set(enumeration('ContributorRole'));
    expect(Object.values(CONTRIBUTOR_ROLE_ALIASES).filter((value) => !allowed.has(value))).toEqual([]);
  });
});

describe('mapping free text onto allowed values', () => {
  it.each([
    ['Composer', 'Composer'],
    ['composer', 'Composer'],
    ['Mixing Engineer', 'MixingEngineer'],
    ['Producer', 'StudioProducer'],
    ['MainArtist', 'Artist'],
    ['main artist', 'Artist'],
    ['Songwriter', 'ComposerLyricist'],
    ['Lyrics', 'Lyricist'],
    ['backing vocals', 'BackgroundVocalist'],
    ['DJ', 'DJ'],
  ])('contributor role %p is %p', (text, value) => {
    expect(contributorRole(text)).toEqual({ value, user_defined: null });
  });

  it('sends an unknown contributor role as UserDefined with the words given', () => {
    expect(contributorRole('  Kazoo wrangler ')).toEqual({ value: 'UserDefined', user_defined: 'Kazoo wrangler' });
    expect(contributorRole('作曲')).toEqual({ value: 'UserDefined', user_defined: '作曲' });
  });

  it('maps display roles onto the four display values and keeps other roles as the artistic role', () => {
    expect(displayArtistRole('feat.')).toEqual({ role: 'FeaturedArtist', artistic_role: null });
    expect(displayArtistRole('Primary Artist')).toEqual({ role: 'MainArtist', artistic_role: null });
    expect(displayArtistRole(undefined)).toEqual({ role: 'Artist', artistic_role: null });
    expect(displayArtistRole('Remixer')).toEqual({ role: 'Artist', artistic_role: { value: 'Remixer', user_defined: null } });
    expect(displayArtistRole('Hype man')).toEqual({ role: 'Artist', artistic_role: { value: 'UserDefined', user_defined: 'Hype man' } });
  });

  it('maps version types, with or without the word "version"', () => {
    expect(versionType('Live')).toEqual({ value: 'LiveVersion', user_defined: null });
    expect(versionType('Remix Version')).toEqual({ value: 'RemixVersion', user_defined: null });
    expect(versionType('Radio Edit')).toEqual({ value: 'RadioVersion', user_defined: null });
    expect(versionType('Slowed + Reverb')).toEqual({ value: 'UserDefined', user_defined: 'Slowed + Reverb' });
    expect(versionType('  ')).toBeNull();
    expect(versionType(null)).toBeNull();
  });

  it('maps codecs, commercial models and use types', () => {
    expect(audioCodecType('flac')).toEqual({ value: 'FLAC', user_defined: null });
    expect(audioCodecType('WAV')).toEqual({ value: 'PCM', user_defined: null });
    expect(audioCodecType('alac')).toEqual({ value: 'UserDefined', user_defined: 'alac' });
    expect(commercialModelType('subscription model')).toEqual({ value: 'SubscriptionModel', user_defined: null });
    expect(commercialModelType('Barter')).toEqual({ value: 'UserDefined', user_defined: 'Barter' });
    expect(useType('OnDemandStream')).toEqual({ value: 'OnDemandStream', user_defined: null });
    expect(useType('Teleport')).toEqual({ value: 'UserDefined', user_defined: 'Teleport' });
  });
});
