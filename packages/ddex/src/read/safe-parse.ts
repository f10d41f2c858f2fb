import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ErnElement, type XmlObject } from './ern-element.ts';

/** Label deliveries of a few hundred tracks stay far below this. */
export const DEFAULT_MAX_ERN_BYTES = 20 * 1024 * 1024;

/** Why a document was not parsed; `line` when the XML is not well-formed. */
export class ErnParseError extends Error {
  override name = 'ErnParseError';
  readonly line: number | undefined;

  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}

/**
 * No entity is ever expanded: a DOCTYPE (the only place entities can be declared) is refused
 * before parsing, and the predefined entities and character references are decoded by hand
 * (ErnElement). Values stay text (a UPC keeps its leading zeros). Every element becomes an
 * array, whether the schema lets it repeat or not, so one reading works for one or many.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  alwaysCreateTextNode: true,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

/** A DOCTYPE or entity declaration anywhere (before the root or, malformed, inside it). */
const DECLARES_ENTITIES = /<!DOCTYPE|<!ENTITY/i;

/** Size and DOCTYPE checks, cheap enough to run before anything else looks at the text. */
export const refuseUnsafeXml = (xml: string, maxBytes: number = DEFAULT_MAX_ERN_BYTES): void => {
  // A character is at least one byte: the length alone settles most cases without encoding.
  if (xml.length > maxBytes || (xml.length * 3 > maxBytes && Buffer.byteLength(xml, 'utf8') > maxBytes)) {
    throw new ErnParseError(`The message is larger than ${maxBytes} bytes.`);
  }
  if (DECLARES_ENTITIES.test(xml)) throw new ErnParseError('The message declares a DOCTYPE or entities; such messages are refused.');
};

/**
 * The document's root element, read safely: size cap, no DOCTYPE, well-formed XML, namespace
 * prefixes removed. Throws ErnParseError otherwise.
 */
export const parseErnXml = (xml: string, options: { maxBytes?: number } = {}): ErnElement => {
  refuseUnsafeXml(xml, options.maxBytes);
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) throw new ErnParseError(`The message is not well-formed XML: ${wellFormed.err.msg}`, wellFormed.err.line);
  let document: XmlObject;
  try {
    document = parser.parse(xml) as XmlObject;
  } catch (error) {
    // The parser refuses names such as __proto__ rather than risk the object model.
    throw new ErnParseError(`The message could not be parsed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const roots = Object.keys(document).filter((name) => Array.isArray(document[name]));
  const [rootName] = roots;
  if (roots.length !== 1 || rootName === undefined) throw new ErnParseError('The message does not have exactly one root element.');
  const root = ErnElement.root(rootName, document[rootName]);
  if (root === undefined) throw new ErnParseError('The message does not have exactly one root element.');
  return root;
};
