import type { ErnVersion } from '../ern-version.ts';
import { AVS_VERSION_ID } from '../ern43/build-message.ts';
import type { ErnElement } from '../read/ern-element.ts';
import { elementAtLocation } from './location.ts';

/*
 * Findings of DDEX's compiled release-profile rules that do not make the platform's messages
 * wrong, each with the clause of the standard that decides it (docs/ddex-profile-rules.md says
 * the same in prose). The 2.1 rules were written for ERN 4.1, so some of what they report on
 * 4.2 and 4.3 is a difference between the versions; some rules are dated or test less or more
 * than their clause says. Every entry names what must hold of the element reported, so a real
 * fault reported by the same rule is never taken for a known one.
 */

export type KnownProfileFindingKind =
  /** The rule was written for ERN 4.1; the message follows its own version, which differs there. */
  | 'version-difference'
  /** The rule's data predates the standard it applies (a code list since extended). */
  | 'dated-rule'
  /** The compiled test reports more than its clause forbids; what the clause forbids holds. */
  | 'rule-broader-than-clause'
  /** A conditional rule about data the platform does not hold. */
  | 'condition-not-held'
  /** A conditional rule about something outside the message (the files of the delivery). */
  | 'condition-outside-message';

export interface KnownProfileFinding {
  key: string;
  kind: KnownProfileFindingKind;
  versions: readonly ErnVersion[];
  /**
   * The rule numbers the finding's text cites, by the stylesheet (profile) that reports it:
   * numbers are per profile. The AVS rules cite none: `text` matches them instead.
   */
  rules: Readonly<Record<string, readonly string[]>>;
  text?: RegExp;
  /** What must hold of the element reported (and the message) for the finding to be this case. */
  holds: (element: ErnElement, message: ErnElement) => boolean;
  /** The clause of the standard that decides it. */
  clause: string;
  reason: string;
}

/** One finding as the oracle reports it: stylesheet relative to the rules folder (`21/Audio.xsl`). */
export interface ProfileFindingRef {
  stylesheet: string;
  rule: string | null;
  text: string;
  location: string;
}

const AVS = 'release-notification-avs.sch';

const hasText = (element: ErnElement, ...path: string[]): boolean => element.textAt(...path) !== undefined;

/** The main release of a 3.8.2 message and its display artist name. */
const mainReleaseArtist382 = (message: ErnElement): string | undefined =>
  message
    .at('ReleaseList')
    ?.children('Release')
    .find((release) => release.flag('IsMainRelease'))
    ?.textAt('ReleaseDetailsByTerritory', 'DisplayArtistName');

export const KNOWN_PROFILE_FINDINGS: readonly KnownProfileFinding[] = [
  {
    key: 'isrc-in-sound-recording-edition',
    kind: 'version-difference',
    versions: ['4.3'],
    rules: { Audio: ['1058-1'], SimpleAudioSingle: ['1358-1'] },
    holds: (element) => element.name === 'SoundRecording' && hasText(element, 'SoundRecordingEdition', 'ResourceId', 'ISRC'),
    clause:
      'ERN 4.3 schema (release-notification.xsd), SoundRecording: the ISRC is in SoundRecordingEdition/ResourceId; ' +
      'ERN 4.1, for which Release Profile 2.1 was compiled, had SoundRecording/ResourceId.',
    reason: 'The rule looks for SoundRecording/ResourceId/ISRC; a 4.3 recording carries its ISRC one level down.',
  },
  {
    key: 'technical-details-in-sound-recording-edition',
    kind: 'version-difference',
    versions: ['4.3'],
    rules: { Audio: ['1032-2'], SimpleAudioSingle: ['1336-2'] },
    holds: (element) =>
      element.name === 'SoundRecording' && hasText(element, 'SoundRecordingEdition', 'TechnicalDetails', 'DeliveryFile', 'File', 'URI'),
    clause:
      'ERN 4.3 schema (release-notification.xsd), SoundRecordingEdition: TechnicalDetails (with DeliveryFile) are in ' +
      'SoundRecordingEdition; in ERN 4.1 they were a child of SoundRecording.',
    reason: 'The rule looks for SoundRecording/TechnicalDetails; a 4.3 recording has them, with its file, in its edition.',
  },
  {
    key: 'resource-file-communicated',
    kind: 'condition-outside-message',
    versions: ['4.2', '4.3'],
    rules: { Audio: ['1032-1'], SimpleAudioSingle: ['1336-1'] },
    holds: (element) => hasText(element, 'TechnicalDetails', 'File', 'URI'),
    clause:
      'Release Profile 2.1, clause 5.3.3.3 (a resource with TechnicalDetails has its file communicated); a Conditional ' +
      'Fatal Error may be ignored when the message alone cannot show whether the condition is met (Release Profile 2.1, conformance roles).',
    reason:
      'The rule reports every resource with TechnicalDetails so that the file is checked; the delivery sends each named file ' +
      'in the same release folder, with the MD5 the message states.',
  },
  {
    key: 'avs-version-id-of-ern43',
    kind: 'version-difference',
    versions: ['4.3'],
    rules: { [AVS]: [] },
    text: /AvsVersionId should conform to the allowed value set AvsVersionId/,
    holds: (element) => element.name === 'NewReleaseMessage' && element.attribute('AvsVersionId') === AVS_VERSION_ID,
    clause:
      'ERN 4.3 schema, NewReleaseMessage/@AvsVersionId: names the edition of the 4.3 allowed-value sets the message uses ' +
      `(DDEX's 4.3 sample messages declare ${AVS_VERSION_ID}); the ERN 4.1 AVS the rules read lists only 0.1.`,
    reason: 'The rules check the value against the 4.1 AVS (avs.xml); a 4.3 message names a 4.3 AVS edition.',
  },
  {
    key: 'release-type-ep-after-ern41',
    kind: 'version-difference',
    versions: ['4.2', '4.3'],
    rules: { [AVS]: [] },
    text: /ReleaseType should conform to the allowed value set ReleaseType_ERN4/,
    holds: (element) => element.name === 'Release' && element.textAt('ReleaseType') === 'EP',
    clause:
      'ERN 4.2 AVS (avs20200518.xsd) and ERN 4.3 AVS (allowed-value-sets.xsd), ReleaseType_ERN4: both list EP; ' +
      "the ERN 4.1 AVS's ReleaseType_ERN4 does not.",
    reason: 'EP is an allowed ReleaseType in the version the message is in; the rules read the 4.1 list.',
  },
  {
    key: 'isrc-prefix-qz',
    kind: 'dated-rule',
    versions: ['3.8.2'],
    rules: { AudioAlbumMusicOnly: ['1111-2'], AudioSingle: ['1038-2'] },
    holds: (element) => element.name === 'ISRC' && /^QZ[A-Z0-9]{3}\d{7}$/.test(element.text),
    clause:
      'ISO 3901 (ISRC): the prefix is a country code or a code the ISRC registration authority allocates; QZ is allocated ' +
      "to the US ISRC agency, and DDEX's own Release Profile 2.1 (rule 1011-2) lists it. The 1.4 list predates that allocation.",
    reason: 'The 1.4 rules list FX, QM, UK, CP, DG, ZZ and ISO 3166 codes only; a QZ ISRC is a valid ISRC.',
  },
  {
    key: 'resource-display-artist-name-differs',
    kind: 'rule-broader-than-clause',
    versions: ['3.8.2'],
    rules: { AudioAlbumMusicOnly: ['1102-1'], AudioSingle: ['1029-1'] },
    holds: (element, message) => {
      if (element.name !== 'ResourceList') return false;
      const releaseArtist = mainReleaseArtist382(message);
      const resourceArtists = ['SoundRecording', 'Image'].flatMap((kind) =>
        element.children(kind).flatMap((resource) => resource.children(`${kind}DetailsByTerritory`).flatMap((details) => details.texts('DisplayArtistName'))),
      );
      return releaseArtist !== undefined && resourceArtists.every((name) => name !== releaseArtist);
    },
    clause:
      "Release Profile 1.4, clause 4.3(18): a Resource's DisplayArtistName shall not be the same as the album's. " +
      'The compiled rule reports any resource DisplayArtistName.',
    reason: 'The platform names a resource display artist only when it differs from the release one (a compilation, a track by another artist).',
  },
  {
    key: 'iswc-not-known',
    kind: 'condition-not-held',
    versions: ['3.8.2'],
    rules: { AudioAlbumMusicOnly: ['1084-1'], AudioSingle: ['1011-1'] },
    holds: (element, message) =>
      element.name === 'ReleaseResourceReference' &&
      (message.at('ResourceList')?.children('SoundRecording') ?? []).some(
        (recording) => recording.textAt('ResourceReference') === element.text && recording.children('IndirectSoundRecordingId').length === 0,
      ),
    clause:
      'Release Profile 1.4, clause 3.3.1(6), a Conditional Fatal Error: the IndirectSoundRecordingId (the ISWC of the ' +
      'underlying work) where the sender has it; a conditional rule may be ignored when its condition cannot be asserted.',
    reason:
      "A recording carries its work's ISWC whenever the catalogue holds one for the track; the finding is known only " +
      'for a recording sent without one, whose ISWC the platform was not given.',
  },
];

const profileOf = (stylesheet: string): string => (stylesheet.split('/').pop() ?? '').replace(/\.xsl$/, '');

/** The known case a finding is, when it is one; undefined for a finding to be fixed. */
export const knownProfileFinding = (version: ErnVersion, finding: ProfileFindingRef, message: ErnElement): KnownProfileFinding | undefined => {
  const profile = profileOf(finding.stylesheet);
  const element = elementAtLocation(message, finding.location);
  if (!element) return undefined;
  return KNOWN_PROFILE_FINDINGS.find((known) => {
    if (!known.versions.includes(version)) return false;
    const rules = known.rules[profile];
    if (!rules) return false;
    if (known.text ? !known.text.test(finding.text) : finding.rule === null || !rules.includes(finding.rule)) return false;
    return known.holds(element, message);
  });
};
