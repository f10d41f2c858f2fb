/*
 * Message-local references of ERN 4.3. The schema types declarations as xs:ID and references
 * as xs:IDREF, but libxml2's XSD validation does not resolve IDREFs held in element text, so
 * a dangling or doubly declared reference passes the schema. This check closes that gap.
 *
 * The tables follow the schema: each element that declares or references something, grouped
 * by the kind of thing (the schema's reference patterns start with the same letter per kind).
 */

type Kind = 'party' | 'resource' | 'release' | 'technical details' | 'visibility' | 'chapter' | 'cue sheet';

const DECLARATIONS: Readonly<Record<string, Kind>> = {
  PartyReference: 'party',
  ResourceReference: 'resource',
  ReleaseReference: 'release',
  TechnicalResourceDetailsReference: 'technical details',
  VisibilityReference: 'visibility',
  ChapterReference: 'chapter',
  CueSheetReference: 'cue sheet',
};

const REFERENCES: Readonly<Record<string, Kind>> = {
  ArtistPartyReference: 'party',
  CharacterPartyReference: 'party',
  ContributorPartyReference: 'party',
  DisplayCreditParty: 'party',
  PartyAffiliateReference: 'party',
  PartyRelatedPartyReference: 'party',
  RecordCompanyPartyReference: 'party',
  ReleaseLabelReference: 'party',
  RightsControllerPartyReference: 'party',
  DealResourceReference: 'resource',
  LinkedReleaseResourceReference: 'resource',
  ReleaseResourceReference: 'resource',
  RepresentativeImageReference: 'resource',
  ResourceContainedResourceReference: 'resource',
  ResourceRelatedResourceReference: 'resource',
  DealReleaseReference: 'release',
  ResourceGroupReleaseReference: 'release',
  ResourceReleaseReference: 'release',
  DealTechnicalResourceDetailsReference: 'technical details',
  ReleaseVisibilityReference: 'visibility',
  AudioChapterReference: 'chapter',
  VideoChapterReference: 'chapter',
  VideoCueSheetReference: 'cue sheet',
};

const NAMES = [...Object.keys(DECLARATIONS), ...Object.keys(REFERENCES)].join('|');
/**
 * `<Name …>text</` or `<Name …/>`, with any namespace prefix. The optional `</` tells a
 * text-only element from a composite of the same name (ResourceContainedResourceReference).
 */
const ELEMENT = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?(${NAMES})(?=[\\s/>])([^>]*)>([^<]*)(<\\/)?`, 'g');
/** Comments and CDATA sections hold no elements; they are blanked (keeping line breaks) before scanning. */
const NOT_MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g;

interface Occurrence {
  name: string;
  kind: Kind;
  value: string;
  line: number;
}

interface Problem {
  line: number;
  message: string;
}

/**
 * Problems with the message's references, each as `line N: …` in line order; empty when every
 * reference resolves and nothing is declared twice.
 */
export const checkReferenceIntegrity = (xml: string): string[] => {
  const source = xml.replace(NOT_MARKUP, (markup) => markup.replace(/[^\n]/g, ' '));
  const declared = new Map<string, Occurrence>();
  const referenced: Occurrence[] = [];
  const problems: Problem[] = [];
  const lines = lineCounter(source);

  for (const match of source.matchAll(ELEMENT)) {
    const [, name = '', attributes = '', text = '', closing] = match;
    const selfClosing = attributes.trimEnd().endsWith('/');
    if (!selfClosing && closing === undefined) continue;
    const declaredKind = DECLARATIONS[name];
    const kind = declaredKind ?? REFERENCES[name];
    if (kind === undefined) continue;
    const occurrence: Occurrence = { name, kind, value: selfClosing ? '' : text.trim(), line: lines(match.index) };
    if (declaredKind === undefined) {
      referenced.push(occurrence);
      continue;
    }
    const key = `${kind}:${occurrence.value}`;
    const first = declared.get(key);
    if (first) {
      problems.push({ line: occurrence.line, message: `${name} "${occurrence.value}" is declared twice (first on line ${first.line}).` });
    } else {
      declared.set(key, occurrence);
    }
  }

  for (const reference of referenced) {
    if (!declared.has(`${reference.kind}:${reference.value}`)) {
      problems.push({ line: reference.line, message: `${reference.name} "${reference.value}" does not refer to a declared ${reference.kind}.` });
    }
  }
  return problems.sort((a, b) => a.line - b.line).map((problem) => `line ${problem.line}: ${problem.message}`);
};

/** Line numbers for increasing offsets, counting each part of the text once. */
const lineCounter = (text: string): ((offset: number) => number) => {
  let line = 1;
  let position = 0;
  return (offset: number): number => {
    for (let index = text.indexOf('\n', position); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line += 1;
    position = Math.max(position, offset);
    return line;
  };
};
