import type { ReleaseSnapshot } from '@sv/contracts';
// The oracle is a test tool (Saxon over DDEX's compiled rules); only this test of ddex uses it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { profileOracleProblem, runProfileOracle, type ProfileFinding } from '@sv/testing';
import { buildErn } from '../src/build-ern.ts';
import { ERN_VERSIONS, type ErnVersion } from '../src/ern-version.ts';
import { KNOWN_PROFILE_FINDINGS, knownProfileFinding } from '../src/profile-rules/known-differences.ts';
import { parseErnXml } from '../src/read/safe-parse.ts';
import { makeInput, makeRelease, makeTrack } from './support/release-factory.ts';

/*
 * Every release shape the platform sends, in every ERN version, judged by DDEX's own compiled
 * release-profile rules (1.4 for ERN 3, 2.1 for ERN 4, plus the 2.1 AVS rules): no fatal error
 * or error may remain but the documented known cases (src/profile-rules/known-differences.ts).
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
};

interface Case {
  name: string;
  shape: string;
  version: ErnVersion;
  xml: string;
}

const CASES: Case[] = Object.entries(SHAPES).flatMap(([shape, release]) =>
  ERN_VERSIONS.map((version) => ({
    name: `${shape}-${version}`,
    shape,
    version,
    xml: buildErn(version, makeInput({ release })),
  })),
);

/** The album as the builder wrote it before it named its profile as clause 3.2 says: the oracle must object. */
const MISNAMED_ALBUM = (CASES.find((c) => c.name === 'album-3.8.2')?.xml ?? '').replace(
  'ReleaseProfileVersionId="CommonReleaseTypes/14/AudioAlbum"',
  'ReleaseProfileVersionId="CommonReleaseTypes/14/AudioAlbumMusicOnly"',
);

const isFault = (finding: ProfileFinding): boolean => finding.severity === 'fatal' || finding.severity === 'error';

let findings: Map<string, ProfileFinding[]>;

beforeAll(async () => {
  const problem = await profileOracleProblem();
  if (problem) throw new Error(`The DDEX profile oracle cannot run: ${problem}`);
  findings = await runProfileOracle([...CASES, { name: 'misnamed-album', xml: MISNAMED_ALBUM }]);
}, 180_000);

const unknownFaults = (c: Case): string[] => {
  const message = parseErnXml(c.xml);
  return (findings.get(c.name) ?? [])
    .filter(isFault)
    .filter((finding) => !knownProfileFinding(c.version, finding, message))
    .map((finding) => `${finding.stylesheet} ${finding.rule ?? '-'} ${finding.location}: ${finding.text}`);
};

describe("DDEX's release-profile rules on the platform's messages", () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s has no fatal error or error but the documented ones', (_name, c) => {
    expect(findings.get(c.name)?.length ?? 0).toBeGreaterThan(0); // the rules ran (they always report something)
    expect(unknownFaults(c)).toEqual([]);
  });

  it('reports a message that misnames its profile (rule 1129-1), so a pass means something', () => {
    const faults = (findings.get('misnamed-album') ?? []).filter(isFault).map((finding) => finding.rule);
    expect(faults).toContain('1129-1');
  });

  it('uses every documented known case on some message, so the list holds nothing stale', () => {
    const used = new Set<string>();
    for (const c of CASES) {
      const message = parseErnXml(c.xml);
      for (const finding of (findings.get(c.name) ?? []).filter(isFault)) {
        const known = knownProfileFinding(c.version, finding, message);
        if (known) used.add(known.key);
      }
    }
    expect(KNOWN_PROFILE_FINDINGS.map((known) => known.key).filter((key) => !used.has(key))).toEqual([]);
  });
});
