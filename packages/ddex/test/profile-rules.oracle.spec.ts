// The oracle is a test tool (Saxon over DDEX's compiled rules); only this test of ddex uses it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { profileOracleProblem, runProfileOracle, type ProfileFinding } from '@sv/testing';
import { KNOWN_PROFILE_FINDINGS, knownProfileFinding } from '../src/profile-rules/known-differences.ts';
import { checkReleaseProfile } from '../src/profile-rules/check-profile.ts';
import { parseErnXml } from '../src/read/safe-parse.ts';
import { PROFILE_CASES, PROFILE_MUTANTS, type ProfileCase } from './support/profile-cases.ts';

/*
 * Every release shape the platform sends, in every ERN version, judged by DDEX's own compiled
 * release-profile rules (1.4 for ERN 3, 2.1 for ERN 4, plus the 2.1 AVS rules): no fatal error
 * or error may remain but the documented known cases (src/profile-rules/known-differences.ts).
 * Messages that break one rule each show that DDEX's rules and the platform's native checks
 * both object, by the same rule.
 */

const isFault = (finding: ProfileFinding): boolean => finding.severity === 'fatal' || finding.severity === 'error';

let findings: Map<string, ProfileFinding[]>;

beforeAll(async () => {
  const problem = await profileOracleProblem();
  if (problem) throw new Error(`The DDEX profile oracle cannot run: ${problem}`);
  findings = await runProfileOracle([...PROFILE_CASES, ...PROFILE_MUTANTS]);
}, 180_000);

const unknownFaults = (c: ProfileCase): ProfileFinding[] => {
  const message = parseErnXml(c.xml);
  return (findings.get(c.name) ?? []).filter(isFault).filter((finding) => !knownProfileFinding(c.version, finding, message));
};
const describeFinding = (finding: ProfileFinding): string => `${finding.stylesheet} ${finding.rule ?? '-'} ${finding.location}: ${finding.text}`;

describe("DDEX's release-profile rules on the platform's messages", () => {
  it.each(PROFILE_CASES.map((c) => [c.name, c] as const))('%s has no fatal error or error but the documented ones', (_name, c) => {
    expect(findings.get(c.name)?.length ?? 0).toBeGreaterThan(0); // the rules ran (they always report something)
    expect(unknownFaults(c).map(describeFinding)).toEqual([]);
  });

  it('uses every documented known case on some message, so the list holds nothing stale', () => {
    const used = new Set<string>();
    for (const c of PROFILE_CASES) {
      const message = parseErnXml(c.xml);
      for (const finding of (findings.get(c.name) ?? []).filter(isFault)) {
        const known = knownProfileFinding(c.version, finding, message);
        if (known) used.add(known.key);
      }
    }
    expect(KNOWN_PROFILE_FINDINGS.map((known) => known.key).filter((key) => !used.has(key))).toEqual([]);
  });

  it.each(PROFILE_MUTANTS.map((m) => [m.name, m.rule, m] as const))(
    '%s breaks rule %s for DDEX and for the native checks, which report nothing DDEX does not',
    (_name, rule, mutant) => {
      const oracleRules = new Set(unknownFaults(mutant).map((finding) => finding.rule));
      const nativeRules = new Set(
        checkReleaseProfile(parseErnXml(mutant.xml), mutant.version)
          .filter((finding) => finding.severity !== 'warning')
          .map((finding) => finding.rule),
      );
      expect(oracleRules).toContain(rule);
      expect(nativeRules).toContain(rule);
      expect([...nativeRules].filter((native) => !oracleRules.has(native))).toEqual([]);
    },
  );
});
