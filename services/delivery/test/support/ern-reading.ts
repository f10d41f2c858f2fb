import { XmlDocument } from 'libxml2-wasm';

/** What a test checks of a built ERN message, read by parsing it rather than matching its text. */
export interface ErnFacts {
  /** The namespace of the root element: the ERN version the message is written in. */
  namespace: string;
  /** Every ICPN (the release's UPC), in document order. */
  upcs: string[];
  /** The distinct ISRCs (3.8.2 states a track's ISRC on its resource and on its track release). */
  isrcs: string[];
}

/** The message's elements other than the root are unqualified, so plain paths find them in every version. */
export const readErn = (xml: string): ErnFacts => {
  const document = XmlDocument.fromString(xml);
  try {
    return {
      namespace: document.root.namespaceUri,
      upcs: document.find('//ICPN').map((node) => node.content),
      isrcs: [...new Set(document.find('//ISRC').map((node) => node.content))],
    };
  } finally {
    document.dispose();
  }
};

/** The text of every node the path selects, in document order. */
export const texts = (xml: string, xpath: string): string[] => {
  const document = XmlDocument.fromString(xml);
  try {
    return document.find(xpath).map((node) => node.content);
  } finally {
    document.dispose();
  }
};
