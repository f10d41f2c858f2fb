import type { PlannedArtist, PlannedContributor } from '../ern/artists.ts';
import { audioCodecType, restrictCodedValue, type CodedValue } from '../ern/coded-values.ts';
import type { PlannedDeal } from '../ern/deal-terms.ts';
import { languageTag } from '../ern/language.ts';
import {
  ARTIST_ROLES,
  AUDIO_CODEC_TYPES,
  COMMERCIAL_MODEL_TYPES,
  ISO_LANGUAGE_CODES,
  MUSICAL_WORK_CONTRIBUTOR_ROLES,
  RESOURCE_CONTRIBUTOR_ROLES,
  USE_TYPES,
} from './allowed-values.ts';

/*
 * The plan's values are coded against ERN 4.3's AVS. Here they are restated in 3.8.2's: a value
 * 3.8.2 also has is kept, a few have a 3.8.2 name of the same meaning, and any other is sent
 * as UserDefined naming the 4.3 value (see restrictCodedValue).
 */

/** 4.3 values that 3.8.2 knows under another name. */
const EQUIVALENTS: Readonly<Record<string, string>> = { StudioProducer: 'Producer' };

const ARTIST_ROLE_SET: ReadonlySet<string> = new Set(ARTIST_ROLES);
const RESOURCE_CONTRIBUTOR_ROLE_SET: ReadonlySet<string> = new Set(RESOURCE_CONTRIBUTOR_ROLES);
const USE_TYPE_SET: ReadonlySet<string> = new Set(USE_TYPES);
const COMMERCIAL_MODEL_SET: ReadonlySet<string> = new Set(COMMERCIAL_MODEL_TYPES);
const AUDIO_CODEC_SET: ReadonlySet<string> = new Set(AUDIO_CODEC_TYPES);
const ISO_LANGUAGE_SET: ReadonlySet<string> = new Set(ISO_LANGUAGE_CODES);

/**
 * Roles on the musical work rather than on the recording (writers, arrangers, publishers):
 * 3.8.2 credits them as IndirectResourceContributor. The work-role list's catch-alls and its
 * one performer role stay on the recording.
 */
const WORK_ROLES: ReadonlySet<string> = new Set(
  MUSICAL_WORK_CONTRIBUTOR_ROLES.filter((role) => !['AssociatedPerformer', 'Contributor', 'Unknown', 'UserDefined'].includes(role)),
);

export interface SplitContributors {
  /** ResourceContributor, roles in avs:ResourceContributorRole. */
  recording: PlannedContributor[];
  /** IndirectResourceContributor, roles in avs:MusicalWorkContributorRole. */
  work: PlannedContributor[];
}

/**
 * 4.3 credits every contributor with one role list; 3.8.2 credits the recording and the work
 * apart. A party with roles of both kinds is listed in both, each time with its roles of that
 * kind; a party credited without a role is listed on the recording.
 */
export const splitContributors = (contributors: readonly PlannedContributor[]): SplitContributors => {
  const split: SplitContributors = { recording: [], work: [] };
  for (const { party, roles } of contributors) {
    const work = roles.filter((role) => role.user_defined === null && WORK_ROLES.has(role.value));
    const recording = roles
      .filter((role) => !work.includes(role))
      .map((role) => restrictCodedValue(role, RESOURCE_CONTRIBUTOR_ROLE_SET, EQUIVALENTS));
    if (work.length > 0) split.work.push({ party, roles: work });
    if (recording.length > 0 || work.length === 0) split.recording.push({ party, roles: recording });
  }
  return split;
};

/**
 * A display artist's ArtistRoles: its display role (all four exist in 3.8.2), then the
 * artistic role a display role cannot say (remixer, conductor…), when it has one.
 */
export const artistRoles = (artist: PlannedArtist): CodedValue[] => {
  const display: CodedValue = { value: artist.role, user_defined: null };
  return artist.artistic_role ? [display, restrictCodedValue(artist.artistic_role, ARTIST_ROLE_SET, EQUIVALENTS)] : [display];
};

export const dealCodedValues = (deal: PlannedDeal): { commercial_model: CodedValue; use_types: CodedValue[] } => ({
  commercial_model: restrictCodedValue(deal.commercial_model, COMMERCIAL_MODEL_SET),
  use_types: deal.use_types.map((use) => restrictCodedValue(use, USE_TYPE_SET)),
});

export const audioCodec = (codec: string): CodedValue => restrictCodedValue(audioCodecType(codec), AUDIO_CODEC_SET);

/**
 * LanguageOfPerformance takes a bare ISO 639 code: `pt-BR` → `pt`. Undefined when the value is
 * no language tag or its language is not in the list.
 */
export const isoLanguageCode = (value: string | null | undefined): string | undefined => {
  const primary = languageTag(value)?.split('-')[0]?.toLowerCase();
  return primary !== undefined && ISO_LANGUAGE_SET.has(primary) ? primary : undefined;
};
