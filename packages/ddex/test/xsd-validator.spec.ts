import { readFileSync } from 'node:fs';
import { buildErn43, createErn43Validator } from '../src/index.ts';
import { makeInput, makeRelease } from './support/release-factory.ts';
import { disposeSharedValidator, sharedValidator } from './support/shared-validator.ts';

afterAll(disposeSharedValidator);

const OFFICIAL_SAMPLE = readFileSync(new URL('./fixtures/ern43-sample-1-audio.xml', import.meta.url), 'utf8');

describe('the ERN 4.3 validator', () => {
  it('accepts the official DDEX ERN 4.3 audio album sample', () => {
    expect(sharedValidator().validate(OFFICIAL_SAMPLE)).toEqual({ valid: true, errors: [] });
  });

  it('reports a missing required element with its line', () => {
    const xml = buildErn43(makeInput()).replace(/\s*<MessageId>MSG-0001<\/MessageId>/, '');
    const senderLine = xml.split('\n').findIndex((line) => line.includes('<MessageSender>')) + 1;
    const result = sharedValidator().validate(xml);
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([`line ${senderLine}: Element 'MessageSender': This element is not expected. Expected is ( MessageId ).`]);
  });

  it('reports a value outside the allowed value set', () => {
    const xml = buildErn43(makeInput()).replace('<ReleaseType>Single</ReleaseType>', '<ReleaseType>Mixtape</ReleaseType>');
    const result = sharedValidator().validate(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/^line \d+: Element 'ReleaseType': \[facet 'enumeration'\] The value 'Mixtape' is not an element of the set/m);
  });

  it('reports XML that does not parse, with its line', () => {
    const xml = buildErn43(makeInput()).replace('</PartyList>', '');
    const result = sharedValidator().validate(xml);
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatch(/^line \d+: /);
  });

  it('reports the reference problems the schema validation lets through', () => {
    const xml = buildErn43(makeInput({ release: makeRelease(2) })).replace(
      '<ReleaseResourceReference>A2</ReleaseResourceReference>',
      '<ReleaseResourceReference>A7</ReleaseResourceReference>',
    );
    const result = sharedValidator().validate(xml);
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^line \d+: ReleaseResourceReference "A7" does not refer to a declared resource\.$/);
  });

  it('can be used many times, and not after it is disposed', () => {
    const validator = createErn43Validator();
    const xml = buildErn43(makeInput({ release: makeRelease(20) }));
    for (let round = 0; round < 25; round += 1) expect(validator.validate(xml).valid).toBe(true);
    validator.dispose();
    expect(() => validator.validate(xml)).toThrow(/disposed/);
  });
});
