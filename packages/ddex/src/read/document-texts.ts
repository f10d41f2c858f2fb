import { MARKUP, localNameOf, pathOf, type ScannedElement } from '../validate/element-paths.ts';
import { decodeCharacterReferences } from '../xml/xml-text.ts';

/** A piece of a document's text: an element's text (its element path) or an attribute's value (`…/@Name`). */
export interface DocumentText {
  /** As validation problems name elements (validate/element-paths.ts), `/@Name` added for an attribute. */
  path: string;
  line: number;
  /** Character references decoded as written, even to characters XML forbids; CDATA as it stands. */
  text: string;
}

const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

interface Found {
  element: ScannedElement;
  attribute?: string;
  offset: number;
  text: string;
}

/**
 * The texts and attribute values of a document that `matches`, at most `limit` of them, in
 * document order. A scan of the markup, not a parse: it works on a message that is not
 * well-formed XML, so a caller can name the element of a character a parser refuses outright
 * (a NUL, `&#0;`). Comments and processing instructions are passed over.
 */
export const findDocumentTexts = (xml: string, matches: (text: string) => boolean, limit: number): DocumentText[] => {
  const document: ScannedElement = { qualifiedName: '', localName: '', parent: null, children: [] };
  const found: Found[] = [];
  const consider = (candidate: Found): void => {
    if (found.length < limit && matches(candidate.text)) found.push(candidate);
  };
  let open = document;
  let textStart = 0;
  for (const match of xml.matchAll(MARKUP)) {
    const [whole, qualifiedName, attributes = ''] = match;
    if (match.index > textStart) consider({ element: open, offset: textStart, text: decodeCharacterReferences(xml.slice(textStart, match.index)) });
    textStart = match.index + whole.length;
    if (whole.startsWith('<![CDATA[')) consider({ element: open, offset: match.index, text: whole.slice('<![CDATA['.length, -']]>'.length) });
    if (whole.startsWith('</')) open = open.parent ?? document;
    if (qualifiedName === undefined) continue;
    const element: ScannedElement = { qualifiedName, localName: localNameOf(qualifiedName), parent: open, children: [] };
    open.children.push(element);
    for (const [, name = '', doubleQuoted, singleQuoted] of attributes.matchAll(ATTRIBUTE)) {
      consider({ element, attribute: name, offset: match.index, text: decodeCharacterReferences(doubleQuoted ?? singleQuoted ?? '') });
    }
    if (!attributes.endsWith('/')) open = element;
  }
  if (xml.length > textStart) consider({ element: open, offset: textStart, text: decodeCharacterReferences(xml.slice(textStart)) });
  // Paths once the scan is done: an element's index depends on the namesakes that follow it.
  let line = 1;
  let counted = 0;
  return found.map(({ element, attribute, offset, text }) => {
    for (; counted < offset; counted++) if (xml.charCodeAt(counted) === 10) line++;
    const elementPath = pathOf(element);
    const path = attribute === undefined ? elementPath : `${elementPath === '/' ? '' : elementPath}/@${localNameOf(attribute)}`;
    return { path, line, text };
  });
};
