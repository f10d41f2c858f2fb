import type { ReleaseSnapshot } from '@sv/contracts';
import { buildErn } from '../../src/build-ern.ts';
import { ERN_VERSIONS, type ErnVersion } from '../../src/ern-version.ts';
import { makeInput, makeRelease, makeStore, makeTrack } from './release-factory.ts';

/*
 * The release shapes the platform sends, built in every ERN version, and messages that break
 * one release-profile rule each (as the builders once did), for the native checks and for
 * DDEX's compiled rules alike.
 */

const SHAPES: Record<string, ReleaseSnapshot> = {
  single: makeRelease(1),
  ep: makeRelease(4),
  album: makeRelease(8),
  // No release artist: a compilation, each track by its own artist; one ISRC with the QZ prefix.
  compilation: makeRelease(3, {
    type: 'album',
    artist: null,
    tracks: [
      makeTrack(1, { artist_name: 'Ann Ardent' }),
      makeTrack(2, { artist_name: 'Bo Bright', isrc: 'QZABC2500002' }),
      makeTrack(3, { artist_name: 'Cy Clear' }),
    ],
  }),
  'multi-disc': makeRelease(5, {
    type: 'album',
    tracks: [
      makeTrack(1),
      makeTrack(2),
      makeTrack(3),
      makeTrack(1, { disc_number: 2, isrc: 'GBX125000021' }),
      makeTrack(2, { disc_number: 2, isrc: 'GBX125000022' }),
    ],
  }),
  // The works of two recordings are known (their ISWCs are sent), the third's is not.
  'works-known': makeRelease(3, {
    tracks: [makeTrack(1, { iswc: 'T0345246801' }), makeTrack(2, { iswc: 'T1234567894' }), makeTrack(3)],
  }),
  'single-work-known': makeRelease(1, { tracks: [makeTrack(1, { iswc: 'T0000000010' })] }),
};

export interface ProfileCase {
  name: string;
  version: ErnVersion;
  xml: string;
}

/** Streaming withdrawn from one track at the store (an album's second track; a single's only one). */
const withdrawnFrom = (release: ReleaseSnapshot, position: number) =>
  makeStore({ track_withdrawals: [{ track_id: release.tracks[position - 1]?.uuid ?? '', monetization_policy_codes: ['streaming'] }] });

const WITHDRAWAL_SHAPES: Record<string, { release: ReleaseSnapshot; position: number }> = {
  'album-track-withdrawn': { release: makeRelease(3), position: 2 },
  'single-track-withdrawn': { release: makeRelease(1), position: 1 },
};

export const PROFILE_CASES: ProfileCase[] = [
  ...Object.entries(SHAPES).flatMap(([shape, release]) =>
    ERN_VERSIONS.map((version) => ({ name: `${shape}-${version}`, version, xml: buildErn(version, makeInput({ release })) })),
  ),
  ...Object.entries(WITHDRAWAL_SHAPES).flatMap(([shape, { release, position }]) =>
    ERN_VERSIONS.map((version) => ({
      name: `${shape}-${version}`,
      version,
      xml: buildErn(version, makeInput({ release, store: withdrawnFrom(release, position) })),
    })),
  ),
];

const caseXml = (name: string): string => {
  const found = PROFILE_CASES.find((c) => c.name === name);
  if (!found) throw new Error(`No profile case ${name}.`);
  return found.xml;
};

/** Replaces `from` (a string or a global pattern), insisting that it occurs. */
const replaced = (xml: string, from: string | RegExp, to: string): string => {
  const result = xml.replace(from, to);
  if (result === xml) throw new Error(`Nothing to replace: ${String(from)}`);
  return result;
};

export interface ProfileMutant extends ProfileCase {
  /** The rule the change breaks, by the number of the profile the message names. */
  rule: string;
  /** Whether the change leaves the message valid against its schema. */
  schemaValid: boolean;
}

export const PROFILE_MUTANTS: ProfileMutant[] = [
  {
    name: 'misnamed-profile-3.8.2',
    version: '3.8.2',
    rule: '1129-1',
    schemaValid: true,
    xml: replaced(caseXml('album-3.8.2'), 'CommonReleaseTypes/14/AudioAlbum"', 'CommonReleaseTypes/14/AudioAlbumMusicOnly"'),
  },
  {
    name: 'track-release-with-cover-3.8.2',
    version: '3.8.2',
    rule: '1138-1',
    schemaValid: true,
    xml: replaced(
      caseXml('album-3.8.2'),
      '<ReleaseResourceReference ReleaseResourceType="PrimaryResource">A1</ReleaseResourceReference>\n      </ReleaseResourceReferenceList>\n      <ReleaseType>TrackRelease',
      '<ReleaseResourceReference ReleaseResourceType="PrimaryResource">A1</ReleaseResourceReference>\n        <ReleaseResourceReference ReleaseResourceType="SecondaryResource">A9</ReleaseResourceReference>\n      </ReleaseResourceReferenceList>\n      <ReleaseType>TrackRelease',
    ),
  },
  {
    name: 'no-resource-release-date-3.8.2',
    version: '3.8.2',
    rule: '1098-1',
    schemaValid: true,
    xml: replaced(caseXml('album-3.8.2'), /\s*<ResourceReleaseDate>[^<]*<\/ResourceReleaseDate>/g, ''),
  },
  {
    name: 'single-with-track-release-4.3',
    version: '4.3',
    rule: '1350-1',
    schemaValid: false,
    xml: replaced(
      caseXml('single-4.3'),
      '</Release>',
      '</Release>\n    <TrackRelease>\n      <ReleaseReference>R1</ReleaseReference>\n      <ReleaseId>\n        <ProprietaryId Namespace="PADPIDA2014120301U">0602445123456_GBX125000001</ProprietaryId>\n      </ReleaseId>\n      <ReleaseResourceReference>A1</ReleaseResourceReference>\n    </TrackRelease>',
    ),
  },
  {
    name: 'single-cover-on-group-4.3',
    version: '4.3',
    rule: '1362-1',
    schemaValid: true,
    xml: replaced(
      caseXml('single-4.3'),
      '\n          <LinkedReleaseResourceReference LinkDescription="CoverArt">A2</LinkedReleaseResourceReference>\n        </ResourceGroupContentItem>',
      '\n        </ResourceGroupContentItem>\n        <LinkedReleaseResourceReference LinkDescription="CoverArt">A2</LinkedReleaseResourceReference>',
    ),
  },
  {
    name: 'no-first-publication-4.2',
    version: '4.2',
    rule: '1031-1',
    schemaValid: true,
    xml: replaced(caseXml('album-4.2'), /\s*<FirstPublicationDate>[^<]*<\/FirstPublicationDate>/g, ''),
  },
  {
    name: 'single-no-first-publication-4.3',
    version: '4.3',
    rule: '1335-1',
    schemaValid: true,
    xml: replaced(caseXml('single-4.3'), /\s*<FirstPublicationDate>[^<]*<\/FirstPublicationDate>/g, ''),
  },
  {
    name: 'hyphenated-iswc-3.8.2',
    version: '3.8.2',
    rule: '1119-1',
    schemaValid: true,
    xml: replaced(caseXml('works-known-3.8.2'), '<ISWC>T0345246801</ISWC>', '<ISWC>T-034.524.680-1</ISWC>'),
  },
  {
    name: 'hyphenated-iswc-4.3',
    version: '4.3',
    rule: '1010-1',
    schemaValid: true,
    xml: replaced(caseXml('works-known-4.3'), '<ISWC>T0345246801</ISWC>', '<ISWC>T-034.524.680-1</ISWC>'),
  },
  {
    name: 'single-hyphenated-iswc-4.2',
    version: '4.2',
    rule: '1314-1',
    schemaValid: true,
    xml: replaced(caseXml('single-work-known-4.2'), '<ISWC>T0000000010</ISWC>', '<ISWC>T-000.000.001-0</ISWC>'),
  },
];
