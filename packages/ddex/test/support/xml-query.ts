import { XmlDocument } from 'libxml2-wasm';

/*
 * Reading built messages in tests: XPath over the message (its elements are unqualified, so
 * plain paths such as `//DealTerms/TerritoryCode` work). Documents are freed at once.
 */

const withDocument = <T>(xml: string, read: (document: XmlDocument) => T): T => {
  const document = XmlDocument.fromString(xml);
  try {
    return read(document);
  } finally {
    document.dispose();
  }
};

/** The text of every node the path selects, in document order. */
export const texts = (xml: string, xpath: string): string[] => withDocument(xml, (document) => document.find(xpath).map((node) => node.content));

/** The text of the one node the path selects; fails when there is not exactly one. */
export const text = (xml: string, xpath: string): string => {
  const found = texts(xml, xpath);
  if (found.length !== 1) throw new Error(`Expected one node at ${xpath}, found ${found.length}.`);
  return found[0] ?? '';
};

/** How many nodes the path selects. */
export const count = (xml: string, xpath: string): number => texts(xml, xpath).length;
