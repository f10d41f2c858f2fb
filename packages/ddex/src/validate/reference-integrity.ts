/*
 * Message-local references of ERN. The schemas type declarations as xs:ID and references as
 * xs:IDREF, but libxml2's XSD validation does not resolve IDREFs held in element text, so a
 * dangling or doubly declared reference passes the schema. This check closes that gap, with
 * the reference elements of each version (reference-tables.ts).
 */

import type { ErnVersion } from '../ern-version.ts';
import { REFERENCE_TABLES, type ReferenceKind, type ReferenceTable } from './reference-tables.ts';

/**
 * `<Name …>text</` or `<Name …/>`, with any namespace prefix. The optional `</` tells a
 * text-only element from a composite of the same name (ResourceContainedResourceReference).
 */
const elementPattern = (table: ReferenceTable): RegExp => {
  const names = [...Object.keys(table.declarations), ...Object.keys(table.references)].join('|');
  return new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?(${names})(?=[\\s/>])([^>]*)>([^<]*)(<\\/)?`, 'g');
};
const PATTERNS = new Map<ErnVersion, RegExp>();
const patternFor = (version: ErnVersion): RegExp => {
  let pattern = PATTERNS.get(version);
  if (pattern === undefined) {
    pattern = elementPattern(REFERENCE_TABLES[version]);
    PATTERNS.set(version, pattern);
  }
  return pattern;
};
/** Comments and CDATA sections hold no elements; they are blanked (keeping line breaks) before scanning. */
const NOT_MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g;

interface Occurrence {
  name: string;
  kind: ReferenceKind;
  value: string;
  line: number;
  offset: number;
}

/** One reference problem: where its element starts (`offset` of its `<`, `line`) and what is wrong. */
export interface ReferenceProblem {
  line: number;
  offset: number;
  message: string;
}

/**
 * Problems with the message's references in document order; empty when every reference
 * resolves and nothing is declared twice. `version` picks the reference elements of that ERN.
 */
export const findReferenceProblems = (xml: string, version: ErnVersion = '4.3'): ReferenceProblem[] => {
  const { declarations, references } = REFERENCE_TABLES[version];
  const source = xml.replace(NOT_MARKUP, (markup) => markup.replace(/[^\n]/g, ' '));
  const declared = new Map<string, Occurrence>();
  const referenced: Occurrence[] = [];
  const problems: ReferenceProblem[] = [];
  const lines = lineCounter(source);

  for (const match of source.matchAll(patternFor(version))) {
    const [, name = '', attributes = '', text = '', closing] = match;
    const selfClosing = attributes.trimEnd().endsWith('/');
    if (!selfClosing && closing === undefined) continue;
    const declaredKind = declarations[name];
    const kind = declaredKind ?? references[name];
    if (kind === undefined) continue;
    const occurrence: Occurrence = { name, kind, value: selfClosing ? '' : text.trim(), line: lines(match.index), offset: match.index };
    if (declaredKind === undefined) {
      referenced.push(occurrence);
      continue;
    }
    const key = `${kind}:${occurrence.value}`;
    const first = declared.get(key);
    if (first) {
      problems.push({ ...at(occurrence), message: `${name} "${occurrence.value}" is declared twice (first on line ${first.line}).` });
    } else {
      declared.set(key, occurrence);
    }
  }

  for (const reference of referenced) {
    if (!declared.has(`${reference.kind}:${reference.value}`)) {
      problems.push({ ...at(reference), message: `${reference.name} "${reference.value}" does not refer to a declared ${reference.kind}.` });
    }
  }
  return problems.sort((a, b) => a.offset - b.offset);
};

/**
 * The same problems as `line N: …` strings, the form the validators' `errors` use.
 * Without a version the message is read as ERN 4.3.
 */
export const checkReferenceIntegrity = (xml: string, version: ErnVersion = '4.3'): string[] =>
  findReferenceProblems(xml, version).map((problem) => `line ${problem.line}: ${problem.message}`);

const at = (occurrence: Occurrence): { line: number; offset: number } => ({ line: occurrence.line, offset: occurrence.offset });

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
