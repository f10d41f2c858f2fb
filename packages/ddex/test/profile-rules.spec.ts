import { createErnValidator, type ErnValidator } from '../src/validate/ern-validator.ts';
import type { ErnVersion } from '../src/ern-version.ts';
import { checkReleaseProfile } from '../src/profile-rules/check-profile.ts';
import { parseErnXml } from '../src/read/safe-parse.ts';
import { buildErn } from '../src/build-ern.ts';
import { ERN_VERSIONS } from '../src/ern-version.ts';
import { PROFILE_CASES, PROFILE_MUTANTS } from './support/profile-cases.ts';
import { makeInput, makeRelease, makeStore } from './support/release-factory.ts';

/*
 * The platform's native release-profile checks: its own messages pass them, a message that
 * breaks a rule is reported by rule, severity and element, and the validator the delivery runs
 * before sending refuses it (the reading side, for labels' messages, does not apply them).
 */

const validators = new Map<string, ErnValidator>();
const validatorFor = (version: ErnVersion, profileRules: boolean): ErnValidator => {
  const key = `${version}:${profileRules}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = createErnValidator(version, { profileRules });
    validators.set(key, validator);
  }
  return validator;
};
afterAll(() => {
  for (const validator of validators.values()) validator.dispose();
});

const byName = (name: string) => {
  const mutant = PROFILE_MUTANTS.find((candidate) => candidate.name === name);
  if (!mutant) throw new Error(name);
  return mutant;
};

describe('native release-profile checks', () => {
  it.each(PROFILE_CASES.map((c) => [c.name, c] as const))('find nothing in the platform’s %s message', (_name, c) => {
    expect(checkReleaseProfile(parseErnXml(c.xml), c.version)).toEqual([]);
  });

  it.each(ERN_VERSIONS)('find nothing in ERN %s when only the store knows the release date, or nobody does', (version) => {
    for (const [release_date, store_date] of [[null, '2025-06-06'], [null, null]] as const) {
      const input = makeInput({ release: makeRelease(3, { release_date }), store: makeStore({ release_date: store_date }) });
      expect(checkReleaseProfile(parseErnXml(buildErn(version, input)), version)).toEqual([]);
    }
  });

  it.each([
    ['misnamed-profile-3.8.2', { rule: '1129-1', severity: 'fatal', path: '/NewReleaseMessage' }],
    ['track-release-with-cover-3.8.2', { rule: '1138-1', severity: 'fatal', path: '/NewReleaseMessage/ReleaseList/Release[2]' }],
    ['no-resource-release-date-3.8.2', { rule: '1098-1', severity: 'error', path: '/NewReleaseMessage/ResourceList/SoundRecording[1]' }],
    ['single-with-track-release-4.3', { rule: '1350-1', severity: 'fatal', path: '/NewReleaseMessage/ReleaseList/TrackRelease' }],
    ['single-cover-on-group-4.3', { rule: '1362-1', severity: 'fatal', path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup' }],
    ['no-first-publication-4.2', { rule: '1031-1', severity: 'error', path: '/NewReleaseMessage/ResourceList/SoundRecording[1]' }],
    ['single-no-first-publication-4.3', { rule: '1335-1', severity: 'error', path: '/NewReleaseMessage/ResourceList/SoundRecording' }],
    ['hyphenated-iswc-3.8.2', { rule: '1119-1', severity: 'fatal', path: '/NewReleaseMessage/ResourceList/SoundRecording[1]/IndirectSoundRecordingId/ISWC' }],
    ['hyphenated-iswc-4.3', { rule: '1010-1', severity: 'fatal', path: '/NewReleaseMessage/ResourceList/SoundRecording[1]/WorkId/ISWC' }],
  ] as const)('report %s by rule, severity and element', (name, expected) => {
    const mutant = byName(name);
    expect(checkReleaseProfile(parseErnXml(mutant.xml), mutant.version)).toContainEqual(expect.objectContaining(expected));
  });

  it.each(PROFILE_MUTANTS.map((m) => [m.name, m] as const))('make the sending validator refuse %s', (_name, mutant) => {
    const result = validatorFor(mutant.version, true).validate(mutant.xml);
    expect(result.valid).toBe(false);
    expect(result.errors.some((error) => error.includes(`rule ${mutant.rule}`))).toBe(true);
    // The reading validator checks schema and references only.
    if (mutant.schemaValid) expect(validatorFor(mutant.version, false).validate(mutant.xml)).toMatchObject({ valid: true });
  });

  it('names the profile broken in the problem the validator reports', () => {
    const mutant = byName('single-cover-on-group-4.3');
    expect(validatorFor('4.3', true).validate(mutant.xml).problems).toContainEqual({
      path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup',
      line: null,
      message: expect.stringMatching(/^Release profile SimpleAudioSingle, rule 1362-1 \(fatal\): /),
    });
  });
});
