import { AUDIO_CODEC_TYPES, CONTRIBUTOR_ROLES, USE_TYPES } from '../ern43/allowed-values.ts';

/*
 * ERN 4.2's AVS (schemas/ern42/avs20200518.xsd) is ERN 4.3's less a few values added in 4.3.
 * Only that difference is kept here; the tests compare it with both schema files. The
 * commercial model and version types the builder uses are the same in both versions.
 */

/** avs:ContributorRole values 4.2 lacks. */
export const CONTRIBUTOR_ROLES_NOT_IN_ERN42 = ['Presenter'] as const;

/** avs:UseType_ERN values 4.2 lacks. */
export const USE_TYPES_NOT_IN_ERN42 = ['DubForOnDemandStreaming'] as const;

/** avs:AudioCodecType values 4.2 lacks. */
export const AUDIO_CODEC_TYPES_NOT_IN_ERN42 = ['AC-4', 'DolbyAtmosMasterADM', 'DolbyDigitalPlus', 'MPEG-H_3D'] as const;

/** avs:DisplayArtistRole values 4.2 lacks: a composer is displayed as an Artist whose ArtisticRole is Composer. */
export const DISPLAY_ARTIST_ROLES_NOT_IN_ERN42 = ['Composer'] as const;

const without = (values: readonly string[], lacking: readonly string[]): ReadonlySet<string> =>
  new Set(values.filter((value) => !lacking.includes(value)));

export const ERN42_CONTRIBUTOR_ROLES = without(CONTRIBUTOR_ROLES, CONTRIBUTOR_ROLES_NOT_IN_ERN42);
export const ERN42_USE_TYPES = without(USE_TYPES, USE_TYPES_NOT_IN_ERN42);
export const ERN42_AUDIO_CODEC_TYPES = without(AUDIO_CODEC_TYPES, AUDIO_CODEC_TYPES_NOT_IN_ERN42);
