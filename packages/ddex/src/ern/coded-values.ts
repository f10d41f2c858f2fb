import type { XmlAttributes } from '../xml/xml-writer.ts';
import {
  AUDIO_CODEC_TYPES,
  COMMERCIAL_MODEL_TYPES,
  CONTRIBUTOR_ROLES,
  USE_TYPES,
  VERSION_TYPES,
} from '../ern43/allowed-values.ts';

/*
 * Free text mapped onto ERN 4.3 allowed values, the vocabulary the message plan codes in for
 * every version (older versions restate it with restrictCodedValue). A text that names an
 * allowed value (in any case, with or without spaces) becomes that value; a few common
 * music-industry words are aliased; anything else is sent as `UserDefined` with the original
 * words in UserDefinedValue, which every list used here allows.
 */

/** An allowed value, or UserDefined carrying the sender's own words. */
export interface CodedValue {
  value: string;
  user_defined: string | null;
}

/** `Producer`, `main artist`, `MAIN_ARTIST` → `producer`, `mainartist`, `mainartist`. */
export const normalizeKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const lookup = (values: readonly string[]): Map<string, string> => new Map(values.map((value) => [normalizeKey(value), value]));

const CONTRIBUTOR_ROLE_BY_KEY = lookup(CONTRIBUTOR_ROLES);
const USE_TYPE_BY_KEY = lookup(USE_TYPES);
const COMMERCIAL_MODEL_BY_KEY = lookup(COMMERCIAL_MODEL_TYPES);
const VERSION_TYPE_BY_KEY = lookup(VERSION_TYPES);
const AUDIO_CODEC_BY_KEY = lookup(AUDIO_CODEC_TYPES);

/** Words people credit with that are not AVS values themselves. */
export const CONTRIBUTOR_ROLE_ALIASES: Readonly<Record<string, string>> = {
  producer: 'StudioProducer',
  recordproducer: 'StudioProducer',
  musicproducer: 'StudioProducer',
  mainartist: 'Artist',
  primaryartist: 'Artist',
  featuredartist: 'Artist',
  featuring: 'Artist',
  feat: 'Artist',
  ft: 'Artist',
  songwriter: 'ComposerLyricist',
  writer: 'ComposerLyricist',
  composerandlyricist: 'ComposerLyricist',
  lyrics: 'Lyricist',
  lyricwriter: 'Lyricist',
  music: 'Composer',
  musicby: 'Composer',
  mixing: 'MixingEngineer',
  mixengineer: 'MixingEngineer',
  mastering: 'MasteringEngineer',
  masterengineer: 'MasteringEngineer',
  recording: 'RecordingEngineer',
  soundengineer: 'Engineer',
  audioengineer: 'Engineer',
  vocals: 'Vocalist',
  vocal: 'Vocalist',
  singer: 'Vocalist',
  leadvocals: 'LeadVocalist',
  leadvocal: 'LeadVocalist',
  leadsinger: 'LeadVocalist',
  backingvocals: 'BackgroundVocalist',
  backingvocalist: 'BackgroundVocalist',
  backgroundvocals: 'BackgroundVocalist',
  arrangement: 'Arranger',
  arrangedby: 'Arranger',
  remix: 'Remixer',
  remixedby: 'Remixer',
  publisher: 'MusicPublisher',
  sessionmusician: 'StudioMusician',
  instrumentalist: 'Musician',
};

const VERSION_TYPE_ALIASES: Readonly<Record<string, string>> = {
  radioedit: 'RadioVersion',
  edit: 'EditedVersion',
  acapella: 'ACappellaVersion',
  original: 'AlbumVersion',
};

const AUDIO_CODEC_ALIASES: Readonly<Record<string, string>> = {
  wav: 'PCM',
  wave: 'PCM',
  aiff: 'PCM',
  aif: 'PCM',
  m4a: 'AAC',
  ogg: 'Vorbis',
  mpeg: 'MP3',
};

const coded = (text: string, byKey: Map<string, string>, aliases: Readonly<Record<string, string>> = {}): CodedValue => {
  const key = normalizeKey(text);
  const value = byKey.get(key) ?? aliases[key];
  return value === undefined || value === 'UserDefined' ? { value: 'UserDefined', user_defined: text.trim() } : { value, user_defined: null };
};

export const contributorRole = (text: string): CodedValue => coded(text, CONTRIBUTOR_ROLE_BY_KEY, CONTRIBUTOR_ROLE_ALIASES);
export const useType = (text: string): CodedValue => coded(text, USE_TYPE_BY_KEY);
export const commercialModelType = (text: string): CodedValue => coded(text, COMMERCIAL_MODEL_BY_KEY);
export const audioCodecType = (text: string): CodedValue => coded(text, AUDIO_CODEC_BY_KEY, AUDIO_CODEC_ALIASES);

/** `Live`, `remix`, `Radio Edit` → LiveVersion, RemixVersion, RadioVersion; null when blank. */
export const versionType = (text: string | null): CodedValue | null => {
  if (text === null || normalizeKey(text) === '') return null;
  const key = normalizeKey(text);
  const value = VERSION_TYPE_BY_KEY.get(key) ?? VERSION_TYPE_BY_KEY.get(`${key}version`) ?? VERSION_TYPE_ALIASES[key];
  return value === undefined || value === 'UserDefined' ? { value: 'UserDefined', user_defined: text.trim() } : { value, user_defined: null };
};

/**
 * A value coded against this AVS, restated for a version whose AVS is `allowed`: kept when that
 * AVS has it, replaced by its stated equivalent when there is one, otherwise sent as UserDefined
 * naming the value, so the receiver still learns what was meant.
 */
export const restrictCodedValue = (
  coded: CodedValue,
  allowed: ReadonlySet<string>,
  equivalents: Readonly<Record<string, string>> = {},
): CodedValue => {
  if (coded.user_defined !== null || allowed.has(coded.value)) return coded;
  const equivalent = equivalents[coded.value];
  return equivalent !== undefined && allowed.has(equivalent) ? { value: equivalent, user_defined: null } : { value: 'UserDefined', user_defined: coded.value };
};

/** The attributes a coded element carries: none for an allowed value, the sender's words for UserDefined. */
export const codedAttributes = (coded: CodedValue, namespace: string): XmlAttributes | undefined =>
  coded.user_defined === null ? undefined : { Namespace: namespace, UserDefinedValue: coded.user_defined };

// Display artists

/** avs:DisplayArtistRole: the only four values; it has no UserDefined. */
export type DisplayArtistRole = 'MainArtist' | 'FeaturedArtist' | 'Artist' | 'Composer';

const DISPLAY_ROLE_BY_KEY: Readonly<Record<string, DisplayArtistRole>> = {
  main: 'MainArtist',
  mainartist: 'MainArtist',
  primary: 'MainArtist',
  primaryartist: 'MainArtist',
  featured: 'FeaturedArtist',
  featuredartist: 'FeaturedArtist',
  featuring: 'FeaturedArtist',
  feat: 'FeaturedArtist',
  ft: 'FeaturedArtist',
  guest: 'FeaturedArtist',
  guestartist: 'FeaturedArtist',
  artist: 'Artist',
  composer: 'Composer',
};

/**
 * How a credited artist is displayed. A role the four display roles cannot say (remixer,
 * conductor…) is displayed as `Artist` and kept as an ArtisticRole; no role at all is `Artist`,
 * which DDEX defines as "not known whether main or featured".
 */
export const displayArtistRole = (role: string | null | undefined): { role: DisplayArtistRole; artistic_role: CodedValue | null } => {
  const text = role?.trim() ?? '';
  if (text === '') return { role: 'Artist', artistic_role: null };
  const known = DISPLAY_ROLE_BY_KEY[normalizeKey(text)];
  return known ? { role: known, artistic_role: null } : { role: 'Artist', artistic_role: contributorRole(text) };
};
