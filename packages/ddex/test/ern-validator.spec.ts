import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ERN_VERSIONS, type ErnVersion } from '../src/ern-version.ts';
import {
  ERN_SCHEMA_FILES,
  checkReferenceIntegrity,
  createErn43Validator,
  createErnValidator,
  type ErnValidator,
} from '../src/validate/index.ts';
import { MAX_REPORTED_PROBLEMS } from '../src/validate/ern-validator.ts';
import { allSamples, replaceOnce, sampleXml } from './support/ern-samples.ts';

const validators = new Map<ErnVersion, ErnValidator>();
const validatorFor = (version: ErnVersion): ErnValidator => {
  let validator = validators.get(version);
  if (validator === undefined) {
    // Schema and references only: the samples follow DDEX's profiles, not always the platform's.
    validator = createErnValidator(version, { profileRules: false });
    validators.set(version, validator);
  }
  return validator;
};

afterAll(() => {
  for (const validator of validators.values()) validator.dispose();
});

/** The files a schema imports or includes, followed through every file, as found in the files themselves. */
const importClosure = (main: string): string[] => {
  const found = new Set<string>();
  const visit = (file: string): void => {
    const text = readFileSync(file, 'utf8');
    for (const [, location = ''] of text.matchAll(/<xs:(?:import|include)\b[^>]*\bschemaLocation="([^"]+)"/g)) {
      const path = join(dirname(file), location);
      if (found.has(path)) continue;
      found.add(path);
      visit(path);
    }
  };
  visit(main);
  return [...found].sort();
};

describe('createErnValidator', () => {
  it.each(allSamples().map((sample) => [sample.version, sample.name, sample.xml] as const))('accepts the ERN %s sample %s', (version, _name, xml) => {
    const validator = validatorFor(version);
    expect(validator.version).toBe(version);
    expect(validator.validate(xml)).toEqual({ valid: true, errors: [], problems: [] });
  });

  it.each(ERN_VERSIONS)('serves exactly the schema files ERN %s imports', (version) => {
    const { main, imported } = ERN_SCHEMA_FILES[version];
    expect([...imported].sort()).toEqual(importClosure(main));
  });

  it('names the element of a value of the wrong type, with an index where the element repeats', () => {
    const xml = sampleXml('4.3', '1_Audio.xml');
    const itemStart = xml.indexOf('<ResourceGroupContentItem>', xml.indexOf('<ResourceGroupContentItem>') + 1);
    const broken = xml.slice(0, itemStart) + replaceOnce(xml.slice(itemStart), '<SequenceNumber>2</SequenceNumber>', '<SequenceNumber>two</SequenceNumber>');
    const line = broken.slice(0, broken.indexOf('>two<')).split('\n').length;
    const result = validatorFor('4.3').validate(broken);
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual([
      {
        path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem[2]/SequenceNumber',
        line,
        message: "Element 'SequenceNumber': 'two' is not a valid value of the atomic type 'xs:integer'.",
      },
    ]);
    expect(result.errors).toEqual([`line ${line}: ${result.problems[0]?.message}`]);
  });

  it('names a missing required element by the element found in its place', () => {
    const xml = sampleXml('4.2', '1_Audio.xml');
    const second = xml.indexOf('<SoundRecording>', xml.indexOf('<SoundRecording>') + 1);
    const broken = xml.slice(0, second) + replaceOnce(xml.slice(second), /<Duration>[^<]*<\/Duration>/, '');
    const result = validatorFor('4.2').validate(broken);
    expect(result.valid).toBe(false);
    expect(result.problems.map((problem) => problem.path)).toEqual(['/NewReleaseMessage/ResourceList/SoundRecording[2]/CreationDate']);
    expect(result.problems[0]?.message).toMatch(/^Element 'CreationDate': This element is not expected\. Expected is .*Duration/);
  });

  it('names elements of ERN 3.8.2 messages too', () => {
    const xml = replaceOnce(sampleXml('3.8.2', 'dedex_016_utf8_artists.xml'), /<Duration>PT/, '<Duration>about PT');
    const result = validatorFor('3.8.2').validate(xml);
    expect(result.problems.map((problem) => problem.path)).toEqual(['/NewReleaseMessage/ResourceList/SoundRecording[1]/Duration']);
  });

  it('names elements in a default namespace, which libxml2 itself can only number', () => {
    const xml = sampleXml('4.3', '4_SimpleAudioSingle.xml')
      .replace('<ern:NewReleaseMessage xmlns:ern=', '<NewReleaseMessage xmlns=')
      .replace('</ern:NewReleaseMessage>', '</NewReleaseMessage>');
    const result = validatorFor('4.3').validate(xml);
    // Unqualified children in a default namespace are not ERN's: the first one is refused.
    expect(result.problems[0]?.path).toBe('/NewReleaseMessage/MessageHeader');
  });

  it('names the element of an attribute problem (the message names the attribute)', () => {
    const xml = replaceOnce(sampleXml('4.3', '1_Audio.xml'), '<DisplayArtist SequenceNumber="1">', '<DisplayArtist SequenceNumber="first">');
    const result = validatorFor('4.3').validate(xml);
    expect(result.problems).toEqual([
      expect.objectContaining({
        path: '/NewReleaseMessage/ResourceList/SoundRecording[1]/DisplayArtist',
        message: expect.stringMatching(/^Element 'DisplayArtist', attribute 'SequenceNumber': 'first' is not a valid value/),
      }),
    ]);
  });

  it('keeps at most a bounded number of problems and says how many more there were', () => {
    // Every attribute MessageHeader does not allow is a problem of its own.
    const attributes = 5_000;
    const extra = Array.from({ length: attributes }, (_, index) => ` a${index}="x"`).join('');
    const xml = replaceOnce(sampleXml('4.3', '1_Audio.xml'), '<MessageHeader', `<MessageHeader${extra}`);
    const result = validatorFor('4.3').validate(xml);
    expect(result.valid).toBe(false);
    expect(result.problems).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(result.problems[0]).toEqual(expect.objectContaining({ path: '/NewReleaseMessage/MessageHeader', message: expect.stringContaining("attribute 'a0'") }));
    expect(result.problems.at(-1)).toEqual({ path: null, line: null, message: `... and ${attributes - MAX_REPORTED_PROBLEMS} more problems` });
    expect(result.errors).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
  });

  it('gives reference problems their element path', () => {
    const xml = replaceOnce(sampleXml('4.3', '1_Audio.xml'), '<ReleaseResourceReference>A3</ReleaseResourceReference>', '<ReleaseResourceReference>A99</ReleaseResourceReference>');
    const result = validatorFor('4.3').validate(xml);
    expect(result.problems).toEqual([
      {
        path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem[3]/ReleaseResourceReference',
        line: xml.slice(0, xml.indexOf('>A99<')).split('\n').length,
        message: 'ReleaseResourceReference "A99" does not refer to a declared resource.',
      },
    ]);
  });

  it('checks the references of ERN 3.8.2 with its own reference elements', () => {
    const xml = sampleXml('3.8.2', 'dedex_016_utf8_artists.xml');
    const dangling = replaceOnce(xml, /<DealReleaseReference>R0<\/DealReleaseReference>/, '<DealReleaseReference>R404</DealReleaseReference>');
    const result = validatorFor('3.8.2').validate(dangling);
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({ path: expect.stringMatching(/^\/NewReleaseMessage\/DealList\/ReleaseDeal(\[1\])?\/DealReleaseReference$/), message: 'DealReleaseReference "R404" does not refer to a declared release.' }),
    ]);
    const doubled = replaceOnce(xml, /<ResourceReference>(A\w+)<\/ResourceReference>([\s\S]*?)<ResourceReference>A\w+<\/ResourceReference>/, '<ResourceReference>$1</ResourceReference>$2<ResourceReference>$1</ResourceReference>');
    expect(checkReferenceIntegrity(doubled, '3.8.2').join('\n')).toMatch(/ResourceReference "\w+" is declared twice/);
  });

  it.each(allSamples().map((sample) => [sample.version, sample.name, sample.xml] as const))(
    'finds every reference of the ERN %s sample %s resolved',
    (version, _name, xml) => {
      expect(checkReferenceIntegrity(xml, version)).toEqual([]);
    },
  );

  it('reports XML that does not parse without naming an element', () => {
    const xml = replaceOnce(sampleXml('4.2', '1_Audio.xml'), '</PartyList>', '');
    const result = validatorFor('4.2').validate(xml);
    expect(result.valid).toBe(false);
    expect(result.problems.length).toBeGreaterThan(0);
    for (const problem of result.problems) expect(problem.path).toBeNull();
  });

  it('keeps the ERN 4.3 validator of old returning only validity and error texts', () => {
    const validator = createErn43Validator();
    try {
      expect(validator.validate(sampleXml('4.3', '1_Audio.xml'))).toEqual({ valid: true, errors: [] });
      const invalid = validator.validate(replaceOnce(sampleXml('4.3', '1_Audio.xml'), '<SequenceNumber>1</SequenceNumber>', '<SequenceNumber>x</SequenceNumber>'));
      expect(Object.keys(invalid).sort()).toEqual(['errors', 'valid']);
    } finally {
      validator.dispose();
    }
  });

  it('refuses to validate once disposed', () => {
    const validator = createErnValidator('3.8.2');
    validator.dispose();
    expect(() => validator.validate(sampleXml('3.8.2', 'audius_01_delivery.xml'))).toThrow(/disposed/);
  });
});
