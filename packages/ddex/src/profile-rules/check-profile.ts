import type { ErnVersion } from '../ern-version.ts';
import type { ErnElement } from '../read/ern-element.ts';

/*
 * The platform's own checks of the DDEX release-profile rules its messages must meet (Release
 * Profiles 1.4 for ERN 3, 2.1 for ERN 4), so a message that breaks one is never sent. Written
 * from what each clause requires; DDEX's compiled rules stay a test oracle
 * (test/profile-rules.oracle.spec.ts). Each finding names the rule number its profile gives it.
 */

export type ProfileRuleSeverity = 'fatal' | 'error' | 'warning';

export interface ProfileRuleFinding {
  /** The profile's rule number, such as `1350-1` (numbers are per profile). */
  rule: string;
  /** The profile the message names (its ReleaseProfileVersionId). */
  profile: string;
  severity: ProfileRuleSeverity;
  /** The element concerned, as validation problems name elements (`/NewReleaseMessage/ReleaseList/Release[2]`). */
  path: string;
  message: string;
}

type Report = (rule: string, severity: ProfileRuleSeverity, element: ErnElement, message: string) => void;

/** Content items of a resource group and of its nested groups, in document order. */
const contentItems = (group: ErnElement): ErnElement[] => [
  ...group.children('ResourceGroupContentItem'),
  ...group.children('ResourceGroup').flatMap(contentItems),
];

/** The syntax both profiles give an ISWC: a letter and 10 digits, no separators. */
const ISWC_SYNTAX = /^[a-zA-Z][0-9]{10}$/;

/** Reports each ISWC of a recording's work identifiers (`container`: IndirectSoundRecordingId in ERN 3, WorkId in ERN 4) not in that syntax. */
const checkIswcs = (recordings: ErnElement[], container: string, rule: string, clause: string, report: Report): void => {
  for (const iswc of recordings.flatMap((recording) => recording.children(container).flatMap((id) => id.children('ISWC')))) {
    if (!ISWC_SYNTAX.test(iswc.text)) report(rule, 'fatal', iswc, `An ISWC is a letter and 10 digits, without separators (clause ${clause}); "${iswc.text}" is not.`);
  }
};

// ERN 3.8.2, Release Profile 1.4

const ERN3_PROFILES = {
  'CommonReleaseTypes/14/AudioAlbum': {
    name: 'AudioAlbum',
    releaseType: 'Album',
    rules: { profile: '1129-1', type: '1141-1', trackResource: '1138-1', cover: '1135-1', date: '1098-1', artist: '1102-1', iswc: '1119-1' },
  },
  'CommonReleaseTypes/14/AudioSingle': {
    name: 'AudioSingle',
    releaseType: 'Single',
    rules: { profile: '1056-1', type: null, trackResource: '1064-1', cover: '1062-1', date: '1025-1', artist: '1029-1', iswc: '1046-1' },
  },
} as const;

const checkErn3 = (message: ErnElement, profileId: string, report: Report): void => {
  const profile = ERN3_PROFILES[profileId as keyof typeof ERN3_PROFILES];
  if (!profile) {
    report('1129-1', 'fatal', message, `ReleaseProfileVersionId "${profileId}" names no Release Profile 1.4 the platform follows (${Object.keys(ERN3_PROFILES).join(', ')}).`);
    return;
  }
  const { rules } = profile;
  const releases = message.at('ReleaseList')?.children('Release') ?? [];
  const main = releases.find((release) => release.flag('IsMainRelease')) ?? releases[0];
  if (!main) return;
  const details = main.child('ReleaseDetailsByTerritory');

  if (rules.type && main.textAt('ReleaseType') !== profile.releaseType) {
    report(rules.type, 'fatal', main, `The main release of the ${profile.name} profile has ReleaseType ${profile.releaseType} (clause 4.4(3)), not ${main.textAt('ReleaseType') ?? 'none'}.`);
  }

  for (const release of releases.filter((candidate) => candidate.textAt('ReleaseType') === 'TrackRelease')) {
    const references = release.at('ReleaseResourceReferenceList')?.children('ReleaseResourceReference') ?? [];
    if (references.length > 1) {
      report(rules.trackResource, 'fatal', release, `A track release contains one resource (clause 3.1); this one lists ${references.length}.`);
    }
  }

  // The main release's top-level items are its front cover; its tracks sit in sub-groups.
  const frontCovers = new Set(
    (message.at('ResourceList')?.children('Image') ?? []).filter((image) => image.textAt('ImageType') === 'FrontCoverImage').map((image) => image.textAt('ResourceReference')),
  );
  for (const item of details?.child('ResourceGroup')?.children('ResourceGroupContentItem') ?? []) {
    const reference = item.child('ReleaseResourceReference');
    if (reference?.attribute('ReleaseResourceType') !== 'SecondaryResource' || !frontCovers.has(reference.text)) {
      report(rules.cover, 'fatal', item, 'A top-level item of the main release is its FrontCoverImage, as a secondary resource (clause 3.1); tracks go in a sub-group.');
    }
  }

  const releaseDate = details?.textAt('ReleaseDate');
  const releaseArtist = details?.textAt('DisplayArtistName');
  for (const recording of message.at('ResourceList')?.children('SoundRecording') ?? []) {
    const territories = recording.children('SoundRecordingDetailsByTerritory');
    if (releaseDate && !territories.some((territory) => territory.textAt('ResourceReleaseDate') ?? territory.textAt('OriginalResourceReleaseDate'))) {
      report(rules.date, 'error', recording, 'The release date is known, so the recording gives a ResourceReleaseDate or OriginalResourceReleaseDate (clause 4.3(10)).');
    }
    for (const territory of territories) {
      if (releaseArtist && territory.texts('DisplayArtistName').includes(releaseArtist)) {
        report(rules.artist, 'error', territory, `The recording's DisplayArtistName repeats the release's ("${releaseArtist}"); give it only when it differs (clause 4.3(18)).`);
      }
    }
  }
  checkIswcs(message.at('ResourceList')?.children('SoundRecording') ?? [], 'IndirectSoundRecordingId', rules.iswc, '4.3(30)', report);
};

// ERN 4.2 and 4.3, Release Profile 2.1

const ERN4_RULES = {
  Audio: { profile: '1050-1', firstPublication: '1031-1', iswc: '1010-1' },
  SimpleAudioSingle: { profile: '1349-1', firstPublication: '1335-1', iswc: '1314-1' },
} as const;

const checkErn4 = (message: ErnElement, profileId: string, report: Report): void => {
  const profile = profileId === 'Audio' || profileId === 'SimpleAudioSingle' ? profileId : undefined;
  if (!profile) {
    report('1050-1', 'fatal', message, `ReleaseProfileVersionId "${profileId}" names no Release Profile 2.1 the platform follows (Audio, SimpleAudioSingle).`);
    return;
  }
  const rules = ERN4_RULES[profile];
  const releaseList = message.child('ReleaseList');
  const main = releaseList?.child('Release');
  const trackReleases = releaseList?.children('TrackRelease') ?? [];
  if (!main) return;
  const group = main.child('ResourceGroup');
  const items = group ? contentItems(group) : [];
  const recordings = message.at('ResourceList')?.children('SoundRecording') ?? [];
  const recordingReferences = new Set(recordings.map((recording) => recording.textAt('ResourceReference')));
  const primaries = items.map((item) => item.textAt('ReleaseResourceReference')).filter((reference) => recordingReferences.has(reference));

  if (profile === 'SimpleAudioSingle') {
    for (const trackRelease of trackReleases) {
      report('1350-1', 'fatal', trackRelease, 'A Simple Audio Single has no TrackRelease (clause 5.1.1(b)).');
    }
    if (group?.child('LinkedReleaseResourceReference')) {
      report('1362-1', 'fatal', group, "A Simple Audio Single links its images from the ResourceGroupContentItem's LinkedReleaseResourceReference (clause 5.4.1).");
    }
  } else {
    for (const reference of primaries) {
      const count = trackReleases.filter((trackRelease) => trackRelease.texts('ReleaseResourceReference').includes(reference ?? '')).length;
      if (count !== 1) report('1538-1', 'fatal', main, `Each primary resource of the main release has exactly one TrackRelease (clause 5.1.1(b)); ${reference} has ${count}.`);
    }
    for (const trackRelease of trackReleases) {
      const references = trackRelease.texts('ReleaseResourceReference');
      if (references.length !== 1 || !recordingReferences.has(references[0])) {
        report('1540-1', 'fatal', trackRelease, 'A TrackRelease refers to exactly one primary resource (clause 5.6(2a)) and to no secondary one (5.6(2b)).');
      }
    }
    for (const item of items.filter((candidate) => candidate.child('LinkedReleaseResourceReference'))) {
      report('1057-1', 'error', item, "The Audio profile links the front cover from the top-level ResourceGroup's LinkedReleaseResourceReference (clause 5.3.1.2).");
    }
  }

  if (main.textAt('ReleaseDate')) {
    for (const recording of recordings.filter((candidate) => primaries.includes(candidate.textAt('ResourceReference')))) {
      if (!recording.textAt('FirstPublicationDate')) {
        report(rules.firstPublication, 'error', recording, 'The release date is known, so the recording gives a FirstPublicationDate (clause 5.3.1.4(7)).');
      }
    }
  }
  checkIswcs(recordings, 'WorkId', rules.iswc, '5.3.1.1(4j)', report);
};

/** The release-profile findings for a parsed NewReleaseMessage of `version`. */
export const checkReleaseProfile = (message: ErnElement, version: ErnVersion): ProfileRuleFinding[] => {
  const findings: ProfileRuleFinding[] = [];
  const profile = message.attribute('ReleaseProfileVersionId') ?? '';
  const report: Report = (rule, severity, element, text) => findings.push({ rule, profile, severity, path: element.path, message: text });
  if (version === '3.8.2') checkErn3(message, profile, report);
  else checkErn4(message, profile, report);
  return findings;
};
