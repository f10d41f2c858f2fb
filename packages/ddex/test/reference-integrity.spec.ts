import { readFileSync } from 'node:fs';
import { buildErn43, checkReferenceIntegrity } from '../src/index.ts';
import { makeInput, makeRelease } from './support/release-factory.ts';

const OFFICIAL_SAMPLE = readFileSync(new URL('./fixtures/ern43-sample-1-audio.xml', import.meta.url), 'utf8');
const VALID = buildErn43(makeInput({ release: makeRelease(3) }));

/** The 1-based line of the nth (1-based) occurrence of `fragment` in `xml`. */
const lineOf = (xml: string, fragment: string, nth = 1): number => {
  let index = -1;
  for (let seen = 0; seen < nth; seen += 1) {
    index = xml.indexOf(fragment, index + 1);
    if (index === -1) throw new Error(`The message has fewer than ${nth} ${fragment}`);
  }
  return xml.slice(0, index).split('\n').length;
};

/** Replaces the first occurrence, failing loudly when the fragment is not there. */
const mutate = (xml: string, from: string, to: string): string => {
  if (!xml.includes(from)) throw new Error(`The message has no ${from}`);
  return xml.replace(from, to);
};

describe('checkReferenceIntegrity', () => {
  it('finds nothing wrong in a built message or in the official sample', () => {
    expect(checkReferenceIntegrity(VALID)).toEqual([]);
    expect(checkReferenceIntegrity(OFFICIAL_SAMPLE)).toEqual([]);
  });

  it('catches a resource reference that points nowhere', () => {
    const xml = mutate(VALID, '<ReleaseResourceReference>A2</ReleaseResourceReference>', '<ReleaseResourceReference>A9</ReleaseResourceReference>');
    expect(checkReferenceIntegrity(xml)).toEqual([
      `line ${lineOf(xml, '>A9<')}: ReleaseResourceReference "A9" does not refer to a declared resource.`,
    ]);
  });

  it('catches a party reference that points nowhere', () => {
    const xml = mutate(VALID, '<ArtistPartyReference>P1</ArtistPartyReference>', '<ArtistPartyReference>P99</ArtistPartyReference>');
    expect(checkReferenceIntegrity(xml)).toEqual([
      `line ${lineOf(xml, '>P99<')}: ArtistPartyReference "P99" does not refer to a declared party.`,
    ]);
  });

  it('catches a label reference that points nowhere', () => {
    const xml = mutate(VALID, '<ReleaseLabelReference>P2</ReleaseLabelReference>', '<ReleaseLabelReference>P0</ReleaseLabelReference>');
    expect(checkReferenceIntegrity(xml)).toEqual([`line ${lineOf(xml, '>P0<')}: ReleaseLabelReference "P0" does not refer to a declared party.`]);
  });

  it('catches a deal for a release that is not in the message', () => {
    const xml = mutate(VALID, '<DealReleaseReference>R0</DealReleaseReference>', '<DealReleaseReference>R7</DealReleaseReference>');
    expect(checkReferenceIntegrity(xml)).toEqual([`line ${lineOf(xml, '>R7<')}: DealReleaseReference "R7" does not refer to a declared release.`]);
  });

  it('catches a party declared twice', () => {
    const xml = mutate(VALID, '<PartyReference>P2</PartyReference>', '<PartyReference>P1</PartyReference>');
    const declaration = '<PartyReference>P1</PartyReference>';
    const problems = checkReferenceIntegrity(xml);
    expect(problems[0]).toBe(`line ${lineOf(xml, declaration, 2)}: PartyReference "P1" is declared twice (first on line ${lineOf(xml, declaration)}).`);
    // The label's party is gone now, so the label references of the release and its 3 track releases dangle too.
    expect(problems.slice(1)).toEqual(
      [1, 2, 3, 4].map((nth) => `line ${lineOf(xml, '>P2<', nth)}: ReleaseLabelReference "P2" does not refer to a declared party.`),
    );
  });

  it('catches a resource declared twice', () => {
    const xml = mutate(VALID, '<ResourceReference>A3</ResourceReference>', '<ResourceReference>A2</ResourceReference>');
    const declaration = '<ResourceReference>A2</ResourceReference>';
    expect(checkReferenceIntegrity(xml)).toContain(
      `line ${lineOf(xml, declaration, 2)}: ResourceReference "A2" is declared twice (first on line ${lineOf(xml, declaration)}).`,
    );
  });

  it('ignores references inside comments and CDATA, and reads prefixed and self-closed elements', () => {
    const commented = mutate(VALID, '<PartyList>', '<PartyList><!-- <ArtistPartyReference>P77</ArtistPartyReference> --><![CDATA[<DealReleaseReference>R9</DealReleaseReference>]]>');
    expect(checkReferenceIntegrity(commented)).toEqual([]);
    const prefixed = mutate(VALID, '<DealReleaseReference>R0</DealReleaseReference>', '<ern:DealReleaseReference>R5</ern:DealReleaseReference>');
    expect(checkReferenceIntegrity(prefixed)).toEqual([`line ${lineOf(prefixed, '>R5<')}: DealReleaseReference "R5" does not refer to a declared release.`]);
    const empty = mutate(VALID, '<DealReleaseReference>R0</DealReleaseReference>', '<DealReleaseReference/>');
    expect(checkReferenceIntegrity(empty)).toEqual([`line ${lineOf(empty, '<DealReleaseReference/>')}: DealReleaseReference "" does not refer to a declared release.`]);
  });
});
